// Types of the OAuth endpoints. Wire names, snake_case, exactly.
import type { AccountResetField, AuthenticateResponse, ResponseCommon, UserDevice } from '../contract/common';

/** A social identity of the user (`User.providers`). */
export interface UserProvider {
  oauth_user_registration_id: string;
  provider_subject: string;
  provider_type: string;
  profile_picture_url: string;
  locale: string;
}

/** The social providers a project can enable. */
export type OAuthProvider =
  | 'google'
  | 'microsoft'
  | 'apple'
  | 'github'
  | 'gitlab'
  | 'facebook'
  | 'discord'
  | 'salesforce'
  | 'slack'
  | 'amazon'
  | 'bitbucket'
  | 'linkedin'
  | 'coinbase'
  | 'twitch'
  | 'twitter'
  | 'tiktok'
  | 'snapchat'
  | 'figma'
  | 'yahoo';

/** Options of `oauth.{provider}.start()`. */
export interface OAuthStartOptions {
  /** Where the provider sends an existing user back (must be on the project's allowlist). */
  login_redirect_url?: string;
  /** Where the provider sends a new user back (must be on the project's allowlist). */
  signup_redirect_url?: string;
  /** Scopes asked for on top of the defaults; sent space-joined. */
  custom_scopes?: string[];
  /** Extra parameters for the provider's authorize URL, each sent as `provider_{key}`. */
  provider_params?: Record<string, string>;
  /** From `oauth.attach()`: links the provider to the signed-in user instead of signing in. */
  oauth_attach_token?: string;
}

/** The query of `GET {host}/v1/public/oauth/{provider}/start` (a browser navigation, not under /sdk/v1). */
export interface OAuthStartQuery {
  public_token: string;
  /** Only when bootstrap `pkce_required_for_oauth`. */
  code_challenge?: string;
  /** Space-joined. */
  custom_scopes?: string;
  login_redirect_url?: string;
  signup_redirect_url?: string;
  oauth_attach_token?: string;
  /** `provider_{key}` for each `provider_params` entry. */
  [providerParam: `provider_${string}`]: string | undefined;
}

/** `POST /oauth/authenticate`. */
export interface OAuthAuthenticateRequest {
  token: string;
  /** The stored verifier of the OAuth flow, when one is stored. */
  code_verifier?: string;
  session_duration_minutes: number;
}

/** The provider's own tokens for the signed-in user. */
export interface OAuthProviderValues {
  access_token: string;
  id_token: string;
  refresh_token: string;
  scopes: string[];
  expires_at: string;
}

/**
 * `data` of `POST /oauth/authenticate` (`__user` stripped). `account_reset`: the upstream asserted the address verified
 * and it proved an address of an account nobody had proved yet (the pre-hijacking reset ran at the callback).
 */
export interface OAuthAuthenticateResponse extends AuthenticateResponse, AccountResetField {
  provider_subject: string;
  provider_type: string;
  profile_picture_url: string;
  locale: string;
  provider_values: OAuthProviderValues;
  user_device?: UserDevice;
}

/** `POST /oauth/attach`. */
export interface OAuthAttachRequest {
  provider: string;
}

/** `data` of `POST /oauth/attach`. */
export interface OAuthAttachResponse extends ResponseCommon {
  oauth_attach_token: string;
}

/**
 * `POST /oauth/google/onetap/start` (Latchkey's own route; the contract leaves Google One Tap's paths to a
 * client-side services frame): the Google client id the page initialises Google's script with, and a nonce the
 * ID token must carry. Errors (the widget shows 'One Tap could not load: {reason}'): `oauth_config_not_found` (no
 * Google client id configured), `oauth_provider_not_allowed` (google is not one of the project's providers),
 * `no_redirect_urls_set` (neither a login nor a signup redirect URL, given or default).
 */
export interface GoogleOneTapStartRequest {
  login_redirect_url?: string;
  signup_redirect_url?: string;
}

/** `data` of `POST /oauth/google/onetap/start`. */
export interface GoogleOneTapStartResponse extends ResponseCommon {
  google_client_id: string;
  /** Single-use, 5 minutes; pass it to `google.accounts.id.initialize({ nonce })`. */
  nonce: string;
}

/**
 * `POST /oauth/google/onetap/submit`: the credential (a Google ID token) Google's script handed the page. The
 * provider verifies it against Google's JWKS (issuer, audience = the configured client id, expiry, the nonce of a
 * live start), signs the user in or up exactly as the redirect flow does, and answers where to send the browser:
 * the login or signup redirect URL with `?stytch_token_type=oauth&token=…` (then `oauth.authenticate`).
 */
export interface GoogleOneTapSubmitRequest {
  credential: string;
  nonce: string;
  login_redirect_url?: string;
  signup_redirect_url?: string;
  /** With `pkce_required_for_oauth`: the PKCE challenge whose verifier `oauth.authenticate` sends. */
  code_challenge?: string;
}

/** `data` of `POST /oauth/google/onetap/submit`. */
export interface GoogleOneTapSubmitResponse extends ResponseCommon {
  redirect_url: string;
}

// Its keys join the product vocabulary (src/contract/products.ts) by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface WidgetProductRegister {
    oauth: true;
  }
}

// Its part of the core contract (src/contract/common.ts), by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface AuthenticationFactorTypeRegister {
    oauth: true;
  }
  interface AuthenticationFactor {
    /** `<provider>_oauth_factor: {id, email_id?, provider_subject}` for each social provider. */
    [oauthFactor: `${string}_oauth_factor`]: { id: string; email_id?: string; provider_subject: string } | undefined;
  }
  interface User {
    providers: UserProvider[];
  }
  interface AccountResetItemRegister {
    oauth_identities: true;
  }
  interface BootstrapResponse {
    pkce_required_for_oauth: boolean;
  }
  interface BootstrapData {
    pkceRequiredForOAuth: boolean;
  }
}
