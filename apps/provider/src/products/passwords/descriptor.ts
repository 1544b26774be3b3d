import type { ProductDescriptor } from '../descriptor';
import { deleteUserFactors } from '../descriptorHelpers';
import { passwordsErrors } from './errors';

/** Passwords: the pre-hijacking reset removes the password. */
export const passwordsDescriptor = {
  key: 'passwords',
  accountReset: [deleteUserFactors('passwords', 'password')],
  errors: passwordsErrors,
  recentAuthentication: {
    strong: (factor) => factor.type === 'password',
    holds: (user) => user.password !== null,
  },
} satisfies ProductDescriptor;
