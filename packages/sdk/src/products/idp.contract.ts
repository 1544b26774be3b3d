// Types of the identity-provider endpoints (Connected Apps).
// Field names are the wire's, snake_case, exactly.
import type { ResponseCommon, User } from '../contract/common';

/** Body of `POST /idp/oauth/authorize/start`, as `parseOAuthAuthorizeParams` builds it from the page's query. */
export interface IdpAuthorizeParams {
  client_id: string;
  redirect_uri: string;
  /** Default `code`. */
  response_type: string;
  /** From the space-separated `scope` parameter; default `['openid', 'email', 'profile']`. */
  scopes: string[];
  code_challenge?: string;
  /** Only `S256` is accepted (RFC 7636 §4.3); anything else, `plain` included, is refused with `invalid_request`. */
  code_challenge_method?: string;
  state?: string;
  nonce?: string;
  /** Space-separated: `none`, `login`, `consent` (OIDC Core §3.1.2.1). `none` alone or not at all. */
  prompt?: string;
  /** Decimal digits, seconds (OIDC Core §3.1.2.1): a session signed in longer ago than this must sign in again. */
  max_age?: string;
  /** An ID token this provider issued to the client (expired or not): the user expected to be signed in. */
  id_token_hint?: string;
  /** The identifier the client suggests for the sign-in (OIDC Core §3.1.2.1); a hint for the sign-in form only. */
  login_hint?: string;
  /** The `login_ticket` of a `reauthentication_required` answer, sent again after the fresh sign-in. */
  login_ticket?: string;
  /** From repeated `resource` parameters (the observed types say `resource`; the wire carries `resources`). */
  resources?: string[];
  /**
   * A request object (OIDC Core §6.1). Not supported: the provider answers `request_not_supported` at the redirect URI;
   * passed through so that it is refused, not dropped.
   */
  request?: string;
  /** A request object by reference (OIDC Core §6.2). Not supported: the provider answers `request_uri_not_supported`. */
  request_uri?: string;
}

/** Body of `POST /idp/oauth/authorize/submit`: the start body plus the user's decision. */
export interface IdpAuthorizeSubmitParams extends IdpAuthorizeParams {
  consent_granted: boolean;
}

/** The OAuth client asking for access. */
export interface IdpClient {
  client_id: string;
  client_type: string;
  client_name: string;
  client_description: string;
  client_logo_url?: string;
  /** The client's privacy policy (RFC 7591 `policy_uri`), when configured: the consent screen links to it. */
  client_policy_uri?: string;
  /** The client's terms of service (RFC 7591 `tos_uri`), when configured: the consent screen links to them. */
  client_tos_uri?: string;
}

/** One requested scope and whether this user may grant it. */
export interface IdpScopeResult {
  scope: string;
  is_grantable: boolean;
  description: string;
}

/** Why the signed-in session must be proved again before the authorization goes on. */
export type IdpReauthenticationReason = 'login' | 'max_age' | 'id_token_hint';

/**
 * `reauthentication_required` of an authorize answer: end the current session, sign in again, then send the same
 * request with `login_ticket` set (valid 10 minutes, for this client only).
 */
export interface IdpReauthenticationRequired {
  /** `login`: `prompt=login`; `max_age`: the session is older than `max_age`; `id_token_hint`: another user is signed in. */
  reason: IdpReauthenticationReason;
  /** Opaque; send it back as the request's `login_ticket` after the fresh sign-in. */
  login_ticket: string;
}

/** The consent preflight of `POST /idp/oauth/authorize/start`: who is signed in, the client and the scopes. */
export interface IdpAuthorizeConsentPreflight extends ResponseCommon {
  user_id: string;
  user: User;
  client: IdpClient;
  consent_required: boolean;
  scope_results: IdpScopeResult[];
  redirect_uri?: undefined;
  reauthentication_required?: undefined;
}

/**
 * An authorize answer that sends the browser back to the client at once (RFC 6749 §4.1.2.1, OIDC Core §3.1.2.6):
 * `redirect_uri` carries `error`, `error_description`, `state` and `iss` (or, from submit, the code). Nothing else.
 */
export interface IdpAuthorizeRedirect extends ResponseCommon {
  redirect_uri: string;
  authorization_code?: string;
  reauthentication_required?: undefined;
}

/** An authorize answer asking for a fresh sign-in first, with the client that asks (its client and redirect URI verified). */
export interface IdpAuthorizeReauthentication extends ResponseCommon {
  reauthentication_required: IdpReauthenticationRequired;
  /** The application that asks (Latchkey's provider sends it; another may not), so the sign-in step can name it. */
  client?: IdpClient;
  redirect_uri?: undefined;
  authorization_code?: undefined;
}

/**
 * `data` of `POST /idp/oauth/authorize/start`: the consent preflight, or a redirect to the client (an error after
 * the redirect URI is verified), or a request for a fresh sign-in. Tell them apart by
 * `redirect_uri !== undefined`, then `reauthentication_required !== undefined`.
 */
export type IdpAuthorizeStartResponse =
  | IdpAuthorizeConsentPreflight
  | IdpAuthorizeRedirect
  | IdpAuthorizeReauthentication;

/**
 * `data` of `POST /idp/oauth/authorize/submit`: where to send the browser next (with the code, or an error), or a
 * request for a fresh sign-in (submit runs the same checks as start).
 */
export type IdpAuthorizeSubmitResponse = IdpAuthorizeRedirect | IdpAuthorizeReauthentication;

/**
 * Body of `POST /oauth/logout/start` (not under `/idp`), as `parseOAuthLogoutParams` builds it (RP-Initiated
 * Logout 1.0 §2): `client_id` or `id_token_hint` (whose `aud` names the client) is needed, and
 * `post_logout_redirect_uri` without `id_token_hint` needs `client_id`.
 */
export interface IdpLogoutParams {
  client_id?: string;
  post_logout_redirect_uri?: string;
  state?: string;
  id_token_hint?: string;
}

/** `data` of `POST /oauth/logout/start`. */
export interface IdpLogoutStartResponse extends ResponseCommon {
  /** Where to go after logging out (with `state`); absent when no `post_logout_redirect_uri` was sent. */
  redirect_uri?: string;
  consent_required: boolean;
}

// Its part of the core contract (src/contract/common.ts), by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface AuthenticationFactorTypeRegister {
    oauth_access_token_exchange: true;
  }
  interface AuthenticationFactor {
    oauth_access_token_exchange_factor?: { client_id: string };
  }
}
