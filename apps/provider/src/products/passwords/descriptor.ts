import type { ProductDescriptor } from '../descriptor';
import { deleteUserFactors, fromJson } from '../descriptorHelpers';
import { passwordsDefaultRedirectUrls, passwordsProjectConfig, passwordsRateLimits } from './config';
import { passwordsErrors } from './errors';
import { passwordsMigrations } from './migrations';
// Its tables' rows, merged into the core's Database (a type-only import: the declarations are all it needs).
import type {} from './tables';

/** Passwords: the pre-hijacking reset removes the password. */
export const passwordsDescriptor = {
  key: 'passwords',
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
  logRedaction: ['password', 'new_password', 'existing_password'],
  recentAuthentication: {
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
