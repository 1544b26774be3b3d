import type { User } from '../contract/common';
import type {
  SessionsAttestRequest,
  SessionsAttestResponse,
  SessionsExchangeAccessTokenRequest,
  SessionsExchangeAccessTokenResponse,
  SessionsRevokeResponse,
} from '../contract/sessions';
import { type ClientContext, intermediateUserOf } from '../internal/context';
import { clearSession } from '../internal/sessionWrites';
import type { SessionRevokeOptions } from './session';

/** The calls of `client.session` that load on first use (the rest is in the core: `createSessionCore`). */
function createSessionCalls(ctx: ClientContext) {
  const { validate, isUnrecoverableError } = ctx.shared;
  const manager = ctx.session;
  return {
    /**
     * The user whose sign-in waits for its second factor (the project requires one and a first factor was answered
     * with an intermediate session), from that answer: `totps` and `webauthn_registrations` say which second
     * factors they can give. Null when no sign-in waits or this page did not see the answer (e.g. after a reload).
     * No request.
     */
    async getIntermediateUser(): Promise<User | null> {
      return intermediateUserOf(manager);
    },

    /** `POST /sessions/revoke`. Success clears the local session; failure only with `forceClear` or if unrecoverable. */
    async revoke(options?: SessionRevokeOptions): Promise<SessionsRevokeResponse> {
      validate('session.revoke')
        .isOptionalObject('options', options)
        .isOptionalBoolean('forceClear', options?.forceClear);
      try {
        const data = await ctx.call<SessionsRevokeResponse>({ method: 'POST', path: '/sessions/revoke' });
        clearSession(manager);
        return data;
      } catch (error) {
        if (options?.forceClear || isUnrecoverableError(error)) clearSession(manager);
        throw error;
      }
    },

    /** `POST /sessions/exchange_access_token`: trades an OAuth access token issued by this project for a session. */
    async exchangeAccessToken(
      options: SessionsExchangeAccessTokenRequest,
    ): Promise<SessionsExchangeAccessTokenResponse> {
      validate('session.exchangeAccessToken')
        .isObject('options', options)
        .isString('access_token', options.access_token)
        .isNumber('session_duration_minutes', options.session_duration_minutes);
      return ctx.call({
        method: 'POST',
        path: '/sessions/exchange_access_token',
        body: { ...options },
        updatesSession: true,
        user: 'optional',
      });
    },

    /** `POST /sessions/attest`: trades a token from a trusted identity profile for a session. */
    async attest(options: SessionsAttestRequest): Promise<SessionsAttestResponse> {
      validate('session.attest')
        .isObject('options', options)
        .isString('profile_id', options.profile_id)
        .isString('token', options.token)
        .isOptionalNumber('session_duration_minutes', options.session_duration_minutes)
        .isOptionalString('session_token', options.session_token)
        .isOptionalString('session_jwt', options.session_jwt);
      return ctx.call({ method: 'POST', path: '/sessions/attest', body: { ...options }, updatesSession: true });
    },
  };
}

/** The namespace's factory, under the one name every namespace module gives it (the client's loader calls `create`). */
export { createSessionCalls as create };
