import type { ClientContext } from '../internal/context';
import type { UsersSearchResponse } from './users.contract';

/** Look-ups about users other than the signed-in one: `client.users`. */
function createUsers(ctx: ClientContext) {
  const { validate } = ctx.shared;
  return {
    /** Tells whether an email is unknown (`new`), has a password (`password`) or signs in without one (`passwordless`). */
    async search(email: string): Promise<UsersSearchResponse> {
      validate('users.search').isString('email', email);
      return ctx.call<UsersSearchResponse>({
        method: 'POST',
        path: '/users/search',
        body: { email },
        protection: 'captcha_and_dfp',
      });
    },
  };
}

/** The namespace's factory, under the one name every namespace module gives it (the client's loader calls `create`). */
export { createUsers as create };
