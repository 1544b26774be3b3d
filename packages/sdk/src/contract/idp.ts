// Types of the identity-provider endpoints (contract.md §4 "IdP (Connected Apps) and impersonation").
// Field names are the wire's, snake_case, exactly.
import type { ResponseCommon, User } from './common';

/** Body of `POST /idp/oauth/authorize/start`, as `parseOAuthAuthorizeParams` builds it from the page's query. */
export interface IdpAuthorizeParams {
  client_id: string;
  redirect_uri: string;
  /** Default `code`. */
  response_type: string;
  /** From the space-separated `scope` parameter; default `['openid', 'email', 'profile']`. */
  scopes: string[];
  code_challenge?: string;
  state?: string;
  nonce?: string;
  prompt?: string;
  /** From repeated `resource` parameters (the observed types say `resource`; the wire carries `resources`). */
  resources?: string[];
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
}

/** One requested scope and whether this user may grant it. */
export interface IdpScopeResult {
  scope: string;
  is_grantable: boolean;
  description: string;
}

/** `data` of `POST /idp/oauth/authorize/start`. */
export interface IdpAuthorizeStartResponse extends ResponseCommon {
  user_id: string;
  user: User;
  client: IdpClient;
  consent_required: boolean;
  scope_results: IdpScopeResult[];
}

/** `data` of `POST /idp/oauth/authorize/submit`: where to send the browser next. */
export interface IdpAuthorizeSubmitResponse extends ResponseCommon {
  redirect_uri: string;
  authorization_code?: string;
}

/** Body of `POST /oauth/logout/start` (not under `/idp`), as `parseOAuthLogoutParams` builds it. */
export interface IdpLogoutParams {
  client_id: string;
  post_logout_redirect_uri: string;
  state?: string;
  id_token_hint?: string;
}

/** `data` of `POST /oauth/logout/start`. */
export interface IdpLogoutStartResponse extends ResponseCommon {
  redirect_uri: string;
  consent_required: boolean;
}
