// The 19 social upstreams as the provider talks to them: where to send the browser, where to exchange the code,
// where the profile is, which scopes to ask for, whether the upstream takes PKCE, and, for the OpenID Connect ones,
// whose ID tokens to accept. The endpoints are the upstreams' public production endpoints (those arctic's own
// provider classes use, where arctic has one). In development a provider without a configured client is pointed at
// the development upstream: only the endpoints, issuer and client change, never the code path.
import type { OAuthProvider } from './config';

/** How an upstream proves an identity, beyond the access token. */
export interface OidcDescriptor {
  /** The `iss` of its ID tokens; a pattern for multi-tenant issuers (Microsoft). */
  issuer: string | RegExp;
  jwksUrl: string;
}

/** One upstream, as its production endpoints describe it. */
export interface UpstreamDescriptor {
  provider: OAuthProvider;
  authorizationUrl: string;
  tokenUrl: string;
  /** GET with `Authorization: Bearer <access token>` answers the profile JSON `mapProfile` reads. */
  profileUrl: string;
  /**
   * A second profile call whose JSON array is added to the profile as `emails` (GitHub's and Bitbucket's
   * verified addresses are not on the user object).
   */
  emailsUrl?: string;
  /** Scopes asked for by default; `custom_scopes` are added to them. */
  scopes: readonly string[];
  /** How the upstream joins scopes in the authorize URL (TikTok: a comma). */
  scopeSeparator?: string;
  /** The upstream takes a PKCE S256 challenge (then it is always sent). */
  pkce: boolean;
  /** The upstream is OpenID Connect: its ID token is verified (issuer, audience, expiry, nonce) with jose. */
  oidc?: OidcDescriptor;
  /** Parameters the real upstream needs on its authorize URL (not sent to the development upstream). */
  productionAuthorizationParams?: Readonly<Record<string, string>>;
  /** The authorize URL's name for the client id (TikTok: `client_key`). */
  clientIdParameter?: string;
}

const OIDC_SCOPES = ['openid', 'email', 'profile'] as const;

/** Every upstream's production descriptor, in the specification's order. */
export const UPSTREAMS: Readonly<Record<OAuthProvider, UpstreamDescriptor>> = {
  google: {
    provider: 'google',
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    profileUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: OIDC_SCOPES,
    pkce: true,
    oidc: { issuer: 'https://accounts.google.com', jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs' },
  },
  microsoft: {
    provider: 'microsoft',
    authorizationUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    profileUrl: 'https://graph.microsoft.com/oidc/userinfo',
    scopes: OIDC_SCOPES,
    pkce: true,
    // The `common` endpoint signs in any tenant: the issuer names the user's tenant.
    oidc: {
      issuer: /^https:\/\/login\.microsoftonline\.com\/[0-9a-f-]{36}\/v2\.0$/,
      jwksUrl: 'https://login.microsoftonline.com/common/discovery/v2.0/keys',
    },
  },
  apple: {
    provider: 'apple',
    authorizationUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    // Apple has no profile endpoint: the verified ID token's claims are the profile (see profileFromIdToken).
    profileUrl: '',
    scopes: ['name', 'email'],
    pkce: false,
    oidc: { issuer: 'https://appleid.apple.com', jwksUrl: 'https://appleid.apple.com/auth/keys' },
    // Apple answers scoped requests only with a form POST to the callback.
    productionAuthorizationParams: { response_mode: 'form_post' },
  },
  github: {
    provider: 'github',
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    profileUrl: 'https://api.github.com/user',
    emailsUrl: 'https://api.github.com/user/emails',
    scopes: ['read:user', 'user:email'],
    pkce: true,
  },
  gitlab: {
    provider: 'gitlab',
    authorizationUrl: 'https://gitlab.com/oauth/authorize',
    tokenUrl: 'https://gitlab.com/oauth/token',
    profileUrl: 'https://gitlab.com/oauth/userinfo',
    scopes: OIDC_SCOPES,
    pkce: true,
    oidc: { issuer: 'https://gitlab.com', jwksUrl: 'https://gitlab.com/oauth/discovery/keys' },
  },
  facebook: {
    provider: 'facebook',
    authorizationUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    profileUrl: 'https://graph.facebook.com/v19.0/me?fields=id,name,email,first_name,last_name,picture',
    scopes: ['email', 'public_profile'],
    pkce: true,
  },
  discord: {
    provider: 'discord',
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    profileUrl: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    pkce: true,
  },
  salesforce: {
    provider: 'salesforce',
    authorizationUrl: 'https://login.salesforce.com/services/oauth2/authorize',
    tokenUrl: 'https://login.salesforce.com/services/oauth2/token',
    profileUrl: 'https://login.salesforce.com/services/oauth2/userinfo',
    scopes: OIDC_SCOPES,
    pkce: true,
    oidc: { issuer: 'https://login.salesforce.com', jwksUrl: 'https://login.salesforce.com/id/keys' },
  },
  slack: {
    provider: 'slack',
    authorizationUrl: 'https://slack.com/openid/connect/authorize',
    tokenUrl: 'https://slack.com/api/openid.connect.token',
    profileUrl: 'https://slack.com/api/openid.connect.userInfo',
    scopes: OIDC_SCOPES,
    pkce: false,
    oidc: { issuer: 'https://slack.com', jwksUrl: 'https://slack.com/openid/connect/keys' },
  },
  amazon: {
    provider: 'amazon',
    authorizationUrl: 'https://www.amazon.com/ap/oa',
    tokenUrl: 'https://api.amazon.com/auth/o2/token',
    profileUrl: 'https://api.amazon.com/user/profile',
    scopes: ['profile'],
    pkce: true,
  },
  bitbucket: {
    provider: 'bitbucket',
    authorizationUrl: 'https://bitbucket.org/site/oauth2/authorize',
    tokenUrl: 'https://bitbucket.org/site/oauth2/access_token',
    profileUrl: 'https://api.bitbucket.org/2.0/user',
    emailsUrl: 'https://api.bitbucket.org/2.0/user/emails',
    scopes: ['account', 'email'],
    pkce: false,
  },
  linkedin: {
    provider: 'linkedin',
    authorizationUrl: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
    profileUrl: 'https://api.linkedin.com/v2/userinfo',
    scopes: ['openid', 'profile', 'email'],
    pkce: false,
    oidc: { issuer: 'https://www.linkedin.com/oauth', jwksUrl: 'https://www.linkedin.com/oauth/openid/jwks' },
  },
  coinbase: {
    provider: 'coinbase',
    authorizationUrl: 'https://www.coinbase.com/oauth/authorize',
    tokenUrl: 'https://www.coinbase.com/oauth/token',
    profileUrl: 'https://api.coinbase.com/v2/user',
    scopes: ['wallet:user:read', 'wallet:user:email'],
    pkce: false,
  },
  twitch: {
    provider: 'twitch',
    authorizationUrl: 'https://id.twitch.tv/oauth2/authorize',
    tokenUrl: 'https://id.twitch.tv/oauth2/token',
    profileUrl: 'https://id.twitch.tv/oauth2/userinfo',
    scopes: ['openid', 'user:read:email'],
    pkce: false,
    oidc: { issuer: 'https://id.twitch.tv/oauth2', jwksUrl: 'https://id.twitch.tv/oauth2/keys' },
    // Twitch's userinfo carries the email only when the claims are asked for by name.
    productionAuthorizationParams: {
      claims: JSON.stringify({
        userinfo: { email: null, email_verified: null, picture: null, preferred_username: null },
      }),
    },
  },
  twitter: {
    provider: 'twitter',
    authorizationUrl: 'https://twitter.com/i/oauth2/authorize',
    tokenUrl: 'https://api.twitter.com/2/oauth2/token',
    profileUrl: 'https://api.twitter.com/2/users/me?user.fields=profile_image_url,confirmed_email',
    scopes: ['users.read', 'tweet.read', 'users.email'],
    pkce: true,
  },
  tiktok: {
    provider: 'tiktok',
    authorizationUrl: 'https://www.tiktok.com/v2/auth/authorize/',
    tokenUrl: 'https://open.tiktokapis.com/v2/oauth/token/',
    profileUrl: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,avatar_url,display_name',
    scopes: ['user.info.basic'],
    scopeSeparator: ',',
    pkce: true,
    clientIdParameter: 'client_key',
  },
  snapchat: {
    provider: 'snapchat',
    authorizationUrl: 'https://accounts.snapchat.com/accounts/oauth2/auth',
    tokenUrl: 'https://accounts.snapchat.com/accounts/oauth2/token',
    profileUrl: 'https://kit.snapchat.com/v1/me?query=%7Bme%7BexternalId%20displayName%20bitmoji%7Bavatar%7D%7D%7D',
    scopes: [
      'https://auth.snapchat.com/oauth2/api/user.external_id',
      'https://auth.snapchat.com/oauth2/api/user.display_name',
      'https://auth.snapchat.com/oauth2/api/user.bitmoji.avatar',
    ],
    pkce: true,
  },
  figma: {
    provider: 'figma',
    authorizationUrl: 'https://www.figma.com/oauth',
    tokenUrl: 'https://api.figma.com/v1/oauth/token',
    profileUrl: 'https://api.figma.com/v1/me',
    scopes: ['current_user:read'],
    pkce: false,
  },
  yahoo: {
    provider: 'yahoo',
    authorizationUrl: 'https://api.login.yahoo.com/oauth2/request_auth',
    tokenUrl: 'https://api.login.yahoo.com/oauth2/get_token',
    profileUrl: 'https://api.login.yahoo.com/openid/v1/userinfo',
    scopes: OIDC_SCOPES,
    pkce: false,
    oidc: { issuer: 'https://api.login.yahoo.com', jwksUrl: 'https://api.login.yahoo.com/openid/v1/certs' },
  },
};

/** The endpoints of the development upstream for one provider (developmentUpstream/, `endpoints(provider)`). */
export interface DevelopmentEndpoints {
  authorization: string;
  token: string;
  userinfo: string;
  jwks: string;
  profile: string;
}

/**
 * The descriptor pointed at the development upstream: its endpoints, its issuer and keys for the OpenID Connect
 * providers, the same scopes and PKCE, and no production-only authorize parameters.
 */
export function developmentDescriptor(
  provider: OAuthProvider,
  endpoints: DevelopmentEndpoints,
  issuer: string,
): UpstreamDescriptor {
  const {
    productionAuthorizationParams: _production,
    emailsUrl: _emails,
    clientIdParameter: _clientId,
    scopeSeparator: _separator,
    ...real
  } = UPSTREAMS[provider];
  return {
    ...real,
    authorizationUrl: endpoints.authorization,
    tokenUrl: endpoints.token,
    // Apple's profile is its ID token's claims, there as here.
    profileUrl: real.profileUrl === '' ? '' : endpoints.profile,
    ...(real.oidc ? { oidc: { issuer, jwksUrl: endpoints.jwks } } : {}),
  };
}
