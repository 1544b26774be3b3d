// Types of the sessions endpoints. Wire names, snake_case.
import type { AuthenticateResponse, ResponseCommon } from './common';

/** Body of `POST /sessions/authenticate`: `{}` checks the session, a duration also extends it. */
export interface SessionsAuthenticateRequest {
  session_duration_minutes?: number;
}

/** `data` of `POST /sessions/authenticate` (`__user` stripped). */
export interface SessionsAuthenticateResponse extends AuthenticateResponse {
  /** Present when the sign-in still needs another factor; stored in its own cookie for 10 minutes. */
  intermediate_session_token?: string;
}

/** `data` of `POST /sessions/revoke`, which is sent without a body. */
export type SessionsRevokeResponse = ResponseCommon;

/** Body of `POST /sessions/exchange_access_token`. */
export interface SessionsExchangeAccessTokenRequest {
  access_token: string;
  session_duration_minutes: number;
}

/** `data` of `POST /sessions/exchange_access_token` (`__user` stripped). */
export type SessionsExchangeAccessTokenResponse = AuthenticateResponse;

/** Body of `POST /sessions/attest`: the caller's object as-is. */
export interface SessionsAttestRequest {
  profile_id: string;
  token: string;
  session_duration_minutes?: number;
  session_token?: string;
  session_jwt?: string;
}

/** `data` of `POST /sessions/attest`: must carry the full answer, as it replaces the local session. */
export type SessionsAttestResponse = AuthenticateResponse;

/** Both tokens of the session, as the cookies hold them. */
export interface SessionTokens {
  session_token: string;
  session_jwt: string;
}
