import type { ProductDescriptor } from '../descriptor';
import { deleteUserFactors } from '../descriptorHelpers';
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
} satisfies ProductDescriptor;
