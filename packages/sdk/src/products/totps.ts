import { type ClientContext, intermediateTokenOf } from '../internal/context';
import type {
  TotpsAuthenticateOptions,
  TotpsAuthenticateResponse,
  TotpsCreateResponse,
  TotpsRecoverOptions,
  TotpsRecoverResponse,
  TotpsRecoveryCodesResponse,
} from './totps.contract';

/** The `totps` namespace: authenticator-app codes and their recovery codes. */
function createTotps(ctx: ClientContext) {
  const { validate } = ctx.shared;
  return {
    /** Creates an authenticator-app secret (QR code and recovery codes) for the signed-in user. */
    async create(options: { expiration_minutes: number }): Promise<TotpsCreateResponse> {
      validate('totps.create').isNumber('expiration_minutes', options?.expiration_minutes);
      ctx.requireSession();
      return ctx.call<TotpsCreateResponse>({
        method: 'POST',
        path: '/totps',
        body: { expiration_minutes: options.expiration_minutes },
        // U: the answer's `__user` (now with the pending TOTP) replaces the stored user.
        user: 'required',
      });
    },

    /** Signs in, or adds a factor, with a code from the authenticator app. */
    async authenticate(options: TotpsAuthenticateOptions): Promise<TotpsAuthenticateResponse> {
      validate('totps.authenticate')
        .isString('totp_code', options?.totp_code)
        .isNumber('session_duration_minutes', options?.session_duration_minutes);
      return ctx.call<TotpsAuthenticateResponse>({
        method: 'POST',
        path: '/totps/authenticate',
        body: {
          totp_code: options.totp_code,
          session_duration_minutes: options.session_duration_minutes,
          // A pending multi-factor sign-in: its token in the body too, for a provider on another site than the page.
          intermediate_session_token: intermediateTokenOf(ctx.session),
        },
        protection: 'captcha_and_dfp',
        updatesSession: true,
        user: 'optional',
      });
    },

    /** The signed-in user's TOTP recovery codes. */
    async recoveryCodes(): Promise<TotpsRecoveryCodesResponse> {
      return ctx.call<TotpsRecoveryCodesResponse>({ method: 'POST', path: '/totps/recovery_codes' });
    },

    /** Signs in, or adds a factor, with a one-use recovery code instead of the app. */
    async recover(options: TotpsRecoverOptions): Promise<TotpsRecoverResponse> {
      validate('totps.recover')
        .isString('recovery_code', options?.recovery_code)
        .isNumber('session_duration_minutes', options?.session_duration_minutes);
      return ctx.call<TotpsRecoverResponse>({
        method: 'POST',
        path: '/totps/recover',
        body: {
          recovery_code: options.recovery_code,
          session_duration_minutes: options.session_duration_minutes,
          intermediate_session_token: intermediateTokenOf(ctx.session),
        },
        protection: 'captcha_and_dfp',
        updatesSession: true,
        user: 'optional',
      });
    },
  };
}

/** The namespace's factory, under the one name every namespace module gives it (the client's loader calls `create`). */
export { createTotps as create };
