import type { User } from '@latchkey/sdk/contract';
import type { ProductDescriptor } from '../../src/products/descriptor';
import { changed, fromJson } from '../../src/products/descriptorHelpers';
import { securityQuestionConfig } from './config';
import { securityQuestionErrors } from './errors';
import { securityQuestionMigrations } from './migrations';
// Its table's row, merged into the core's Database (a type-only import: the declarations are all it needs).
import type {} from './tables';

/** What the sample adds to the user answer: the question the user set (never the answer), or null. */
export interface SecurityQuestionUserFields {
  security_question: { question: string; created_at: string } | null;
}

/**
 * The sample product "security question" (issue 27's proof): everything it tells the core. A test fixture, not a
 * product of the provider: only the `provider-sample` test project lists it (./registry.ts, ./descriptors.ts).
 */
export const securityQuestionDescriptor = {
  key: 'securityQuestion',
  // Its sign-in call, counted by the metrics' latchkey_sign_ins_total under this label.
  signInRoutes: { 'POST /sdk/v1/security_questions/authenticate': 'security_question' },
  tables: ['security_answers'],
  migrations: securityQuestionMigrations,
  errors: securityQuestionErrors,
  // The answer is a secret: the log blanks an `answer` field wherever a log call would pass one.
  logRedaction: ['answer'],
  config: securityQuestionConfig,
  // A factor attached before the owner of an unverified address proved it does not survive the proof (the
  // pre-hijacking reset). The contract's `removed` has no item for it, so it is removed without one.
  accountReset: [
    {
      stage: 'factor',
      holds: (eb, userId) => [
        eb.exists(eb.selectFrom('security_answers').select('user_id').where('user_id', '=', userId)),
      ],
      run: async (trx, userId) =>
        changed(await trx.deleteFrom('security_answers').where('user_id', '=', userId).executeTakeFirst()),
    },
  ],
  userAnswer: {
    columns: {
      security_question_row: (eb, json) =>
        json.objectFrom(
          eb
            .selectFrom('security_answers')
            .select(['security_answers.question', 'security_answers.created_at'])
            .whereRef('security_answers.user_id', '=', 'users.user_id'),
        ),
    },
    fill: (row, user) => {
      const stored = fromJson<{ question: string; created_at: number } | null>(row.security_question_row);
      (user as User & SecurityQuestionUserFields).security_question =
        stored === null
          ? null
          : { question: stored.question, created_at: new Date(Number(stored.created_at)).toISOString() };
    },
  },
} satisfies ProductDescriptor;
