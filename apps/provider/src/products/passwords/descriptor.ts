import type { ProductDescriptor } from '../descriptor';
import { deleteUserFactors, fromJson } from '../descriptorHelpers';
import { passwordsProjectConfig, passwordsRateLimits } from './config';
import { passwordsErrors } from './errors';

/** Passwords: the pre-hijacking reset removes the password. */
export const passwordsDescriptor = {
  key: 'passwords',
  accountReset: [deleteUserFactors('passwords', 'password')],
  config: { project: passwordsProjectConfig, rateLimits: passwordsRateLimits },
  errors: passwordsErrors,
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
