import type { ProductDescriptor } from '../descriptor';
import { deleteUserFactors, fromJson } from '../descriptorHelpers';
import {
  type PasswordPolicy,
  passwordsDefaultRedirectUrls,
  passwordsProjectConfig,
  passwordsRateLimits,
} from './config';
import { passwordsErrors } from './errors';
import { passwordsMigrations } from './migrations';
import type { PasswordChange } from './passwordChange';
// Its tables' rows, merged into the core's Database (a type-only import: the declarations are all it needs).
import type {} from './tables';

/** Passwords: the pre-hijacking reset removes the password. */
export const passwordsDescriptor = {
  key: 'passwords',
  bootstrap: [
    // Whether the reset link's token needs the PKCE verifier (project.pkce).
    {
      after: 'email_domains',
      fields: (project) => ({
        pkce_required_for_password_resets: (project.pkce as Record<string, boolean>).passwordResets,
      }),
    },
    // The policy the SDK shows (`luds`' settings; null for zxcvbn).
    {
      after: 'create_organization_enabled',
      fields: (project) => {
        const policy = project.passwordPolicy as PasswordPolicy;
        return {
          password_config:
            policy.type === 'luds'
              ? { luds_complexity: policy.complexity, luds_minimum_count: policy.minimumCount }
              : null,
        };
      },
    },
  ],
  signInRoutes: {
    'POST /sdk/v1/passwords/authenticate': 'password',
    'POST /sdk/v1/passwords': 'password_signup',
    'POST /sdk/v1/passwords/email/reset': 'password_reset',
    'POST /sdk/v1/passwords/existing_password/reset': 'password_reset',
    'POST /sdk/v1/passwords/session/reset': 'password_reset',
  },
  tables: ['passwords'],
  migrations: passwordsMigrations,
  accountReset: [deleteUserFactors('passwords', 'password')],
  config: {
    project: passwordsProjectConfig,
    rateLimits: passwordsRateLimits,
    defaultRedirectUrls: passwordsDefaultRedirectUrls,
    switches: ['passwords'],
    // The reset link ends in a token the app redeems too.
    pkceFlows: { passwordResets: 'password resets' },
  },
  errors: passwordsErrors,
  // The reset link's token: an unknown, used or expired one answers the contract's type for any e-mail token.
  emailTokens: { password_reset: { idPrefix: 'password-reset', notRedeemable: 'unable_to_auth_magic_link' } },
  logRedaction: ['password', 'new_password', 'existing_password'],
  // A reset's new password, when its sign-in waited for a second factor (passwordChange.ts). Loaded when first needed:
  // what it runs imports the sessions service, which reads this descriptor.
  afterSecondFactor: async (trx, deps, change, completed) => {
    const { applyPasswordChange } = await import('./passwordChange');
    await applyPasswordChange(
      trx,
      deps,
      completed.userId,
      change as PasswordChange,
      completed.sessionId,
      completed.now,
    );
  },
  users: {
    // `POST /users/search`: a known email whose user has a password signs in with it.
    search: {
      userType: 'password',
      holds: async (db, userId) =>
        (await db.selectFrom('passwords').select('password_id').where('user_id', '=', userId).executeTakeFirst()) !==
        undefined,
    },
  },
  recentAuthentication: {
    named: 'password',
    strong: (factor) => factor.type === 'password',
    holds: (user) => user.password !== null,
  },
  userAnswer: {
    columns: {
      password_row: (eb, json) =>
        json.objectFrom(
          eb
            .selectFrom('passwords')
            .select(['passwords.password_id', 'passwords.requires_reset'])
            .whereRef('passwords.user_id', '=', 'users.user_id'),
        ),
    },
    fill: (row, user) => {
      const password = fromJson<{ password_id: string; requires_reset: number } | null>(row.password_row);
      user.password = password
        ? { password_id: password.password_id, requires_reset: password.requires_reset === 1 }
        : null;
    },
  },
} satisfies ProductDescriptor;
