import { deleteInBatches, expired } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';
import { fromJson } from '../descriptorHelpers';
import { totpErrors } from './errors';
import { TOTP_ENCRYPTION_KEY_ALIAS } from './keyAliases';
import { totpMigrations } from './migrations';
// Its tables' rows, merged into the core's Database (a type-only import: the declarations are all it needs).
import type {} from './tables';

/**
 * Authenticator apps: the pre-hijacking reset removes the TOTP and its recovery codes; the purge deletes an
 * authenticator app never confirmed, past its deadline (its recovery codes go with it: ON DELETE CASCADE).
 */
export const totpDescriptor = {
  key: 'totp',
  // The encryption key's names before it was named by purpose.
  keyAliases: { encryption: TOTP_ENCRYPTION_KEY_ALIAS },
  signInRoutes: {
    'POST /sdk/v1/totps/authenticate': 'totp',
    'POST /sdk/v1/totps/recover': 'recovery_code',
  },
  tables: ['totps', 'totp_recovery_codes'],
  migrations: totpMigrations,
  accountReset: [
    {
      stage: 'factor',
      item: 'totp',
      holds: (eb, userId) => [eb.exists(eb.selectFrom('totps').select('user_id').where('user_id', '=', userId))],
      run: async (trx, userId) => {
        // A pending (never confirmed) TOTP goes too, but only a confirmed one is worth telling the user about.
        const totps = await trx.selectFrom('totps').select('verified').where('user_id', '=', userId).execute();
        await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
        await trx.deleteFrom('totps').where('user_id', '=', userId).execute();
        return totps.filter((row) => row.verified === 1).length;
      },
    },
  ],
  purge: [
    {
      table: 'totps',
      run: (context) =>
        deleteInBatches(context, 'totps', 'totp_id', (query) =>
          query.where('t.verified', '=', 0).where('t.expires_at', '<=', expired(context)),
        ),
    },
  ],
  errors: totpErrors,
  verifiedIdentifiersFirst: { adding: 'a second factor' },
  secondFactor: {
    types: ['totp', 'recovery_codes'],
    proofWords: ['a code from your authenticator app', 'a recovery code'],
    holds: async (db, userId) =>
      (await db
        .selectFrom('totps')
        .select('totp_id')
        .where('user_id', '=', userId)
        .where('verified', '=', 1)
        .executeTakeFirst()) !== undefined,
  },
  userAnswer: {
    columns: {
      totp_rows: (eb, json) =>
        json.arrayFrom(
          eb
            .selectFrom('totps')
            .select(['totps.totp_id', 'totps.verified'])
            .whereRef('totps.user_id', '=', 'users.user_id'),
        ),
    },
    fill: (row, user) => {
      user.totps = fromJson<{ totp_id: string; verified: number }[]>(row.totp_rows).map((totp) => ({
        totp_id: totp.totp_id,
        verified: totp.verified === 1,
      }));
    },
  },
} satisfies ProductDescriptor;
