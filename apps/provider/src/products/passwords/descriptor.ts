import type { ProductDescriptor } from '../descriptor';
import { changed } from '../descriptorHelpers';
import { passwordsErrors } from './errors';

/** Passwords: the pre-hijacking reset removes the password. */
export const passwordsDescriptor = {
  key: 'passwords',
  accountReset: [
    {
      stage: 'factor',
      item: 'password',
      holds: (eb, userId) => [eb.exists(eb.selectFrom('passwords').select('user_id').where('user_id', '=', userId))],
      run: async (trx, userId) =>
        changed(await trx.deleteFrom('passwords').where('user_id', '=', userId).executeTakeFirst()),
    },
  ],
  errors: passwordsErrors,
  recentAuthentication: {
    strong: (factor) => factor.type === 'password',
    holds: (user) => user.password !== null,
  },
} satisfies ProductDescriptor;
