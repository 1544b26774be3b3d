import type { ClientContext } from '../internal/context';
import type { ImpersonationAuthenticateOptions, ImpersonationAuthenticateResponse } from './impersonation.contract';

/** `client.impersonation`: sign in as a user with a token issued by the project's dashboard or back end. */
function createImpersonation(ctx: ClientContext) {
  const { validate } = ctx.shared;
  return {
    /** Exchanges an impersonation token for a session (`POST /impersonation/authenticate`) and stores it. */
    async authenticate(options: ImpersonationAuthenticateOptions): Promise<ImpersonationAuthenticateResponse> {
      validate('impersonation.authenticate')
        .isObject('options', options)
        .isString('impersonation_token', options.impersonation_token);
      return ctx.call<ImpersonationAuthenticateResponse>({
        method: 'POST',
        path: '/impersonation/authenticate',
        body: { ...options },
        protection: 'captcha_and_dfp',
        updatesSession: true,
        user: 'keep',
      });
    },
  };
}

/** The namespace's factory, under the one name every namespace module gives it (the client's loader calls `create`). */
export { createImpersonation as create };
