import { readFileSync } from 'node:fs';
import type { OAuthProvider as ContractOAuthProvider, ContractProduct } from '@latchkey/sdk/contract';
import { z } from 'zod';

/** The sign-in methods a project can switch on. Calls to a method that is off answer `method_not_enabled`. */
export const PRODUCTS = [
  'email_otp',
  'sms_otp',
  'whatsapp_otp',
  'email_magic_links',
  'passwords',
  'webauthn',
] as const satisfies readonly ContractProduct[];
export type Product = (typeof PRODUCTS)[number];

const rbacPermission = z.strictObject({ resource_id: z.string(), actions: z.array(z.string()) });
const rbacPolicy = z.strictObject({
  roles: z.array(
    z.strictObject({ role_id: z.string(), description: z.string().default(''), permissions: z.array(rbacPermission) }),
  ),
  resources: z.array(
    z.strictObject({ resource_id: z.string(), description: z.string().default(''), actions: z.array(z.string()) }),
  ),
  /**
   * Custom OAuth scopes of the identity provider: a user may grant one only if their roles hold every permission
   * it lists (sdk-and-idp §6); `description` is what the consent screen shows for it.
   */
  scopes: z
    .array(
      z.strictObject({
        scope: z.string(),
        description: z.string().default(''),
        permissions: z.array(rbacPermission).default([]),
      }),
    )
    .default([]),
});

const rateWindow = z.strictObject({ limit: z.number().int().positive(), windowSeconds: z.number().int().positive() });

const DEFAULT_RATE_LIMITS = {
  sendsPerIdentifier: { limit: 5, windowSeconds: 60 },
  sendsPerIp: { limit: 50, windowSeconds: 60 },
  passwordAttemptsPerIp: { limit: 60, windowSeconds: 60 },
  userSearchesPerIp: { limit: 120, windowSeconds: 60 },
  eventsPerIp: { limit: 1500, windowSeconds: 60 },
  secretKeyFailuresPerIp: { limit: 10, windowSeconds: 60 },
  webauthnChallengesPerIp: { limit: 60, windowSeconds: 60 },
  cryptoWalletChallengesPerIp: { limit: 60, windowSeconds: 60 },
  oauthStartsPerIp: { limit: 60, windowSeconds: 60 },
};

const passwordPolicy = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('zxcvbn') }),
  z.strictObject({
    type: z.literal('luds'),
    /** How many of uppercase, lowercase, digit and symbol a password needs (1–4). */
    complexity: z.number().int().min(1).max(4).default(3),
    /** Minimum length (at least 8, NIST SP 800-63B). */
    minimumCount: z.number().int().min(8).max(64).default(8),
  }),
]);

const webauthnConfig = z.strictObject({
  /**
   * The relying-party ids a passkey may be registered for and used with (the `domain` a call names), each a
   * host name such as `example.com`; null: the host names of `allowedOrigins` that are not IP addresses.
   */
  relyingPartyIds: z
    .array(
      z.string().regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, {
        message: 'must be a lower-case host name such as example.com (no scheme, port or path)',
      }),
    )
    .nullable()
    .default(null),
  /** The page origins a ceremony may come from (`clientDataJSON.origin`); null: `allowedOrigins`. */
  origins: z
    .array(
      z.string().refine((value) => URL.canParse(value) && new URL(value).origin === value, {
        message: 'must be an origin such as https://example.com (scheme, host and port; no path, no trailing slash)',
      }),
    )
    .nullable()
    .default(null),
});

/** The wallet families `crypto_wallets/*` accepts (contract §4 "Crypto wallets"). */
export const CRYPTO_WALLET_TYPES = ['ethereum', 'solana'] as const;
export type CryptoWalletType = (typeof CRYPTO_WALLET_TYPES)[number];

const cryptoWalletsConfig = z.strictObject({
  /** The wallet types a project accepts; a call naming another answers `method_not_enabled` (`[]`: wallets off). */
  types: z.array(z.enum(CRYPTO_WALLET_TYPES)).default([...CRYPTO_WALLET_TYPES]),
  /**
   * Ethereum challenges are Sign-In with Ethereum messages (EIP-4361), never plain text; the bootstrap says so
   * (`siwe_required_for_crypto_wallets`), and the SDK then sends `siwe_params` with the page's URI.
   */
  siweRequired: z.boolean().default(false),
});

/** The social sign-in providers, in the specification's order (widget.md §1, §7). */
export const OAUTH_PROVIDERS = [
  'google',
  'microsoft',
  'apple',
  'github',
  'gitlab',
  'facebook',
  'discord',
  'salesforce',
  'slack',
  'amazon',
  'bitbucket',
  'linkedin',
  'coinbase',
  'twitch',
  'twitter',
  'tiktok',
  'snapchat',
  'figma',
  'yahoo',
] as const satisfies readonly ContractOAuthProvider[];
/** One of the 19 social providers. */
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Google's keys and issuers, which One Tap credentials are checked against in production. */
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** An environment variable's name: the secret is read from the environment, never from the configuration. */
const environmentVariableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, {
  message: 'must be the name of an environment variable (letters, digits and _), not the secret itself',
});

const oauthClient = z.strictObject({
  clientId: z.string().min(1).max(512),
  /** The environment variable holding the client secret (Apple: the signed client-secret JWT). */
  clientSecretEnv: environmentVariableName.optional(),
});

const oauthConfig = z.strictObject({
  /** The providers the project allows (`[]`: social sign-in off); a start naming another answers `oauth_provider_not_allowed`. */
  providers: z.array(z.enum(OAUTH_PROVIDERS)).default([...OAUTH_PROVIDERS]),
  /**
   * Real upstream credentials per provider. A provider without one uses the development upstream (development
   * mode only); in production its start answers `oauth_config_not_found`.
   */
  clients: z.partialRecord(z.enum(OAUTH_PROVIDERS), oauthClient).default({}),
  /** The built-in OpenID Connect server standing in for every upstream (products/oauth/developmentUpstream). */
  developmentUpstream: z
    .strictObject({
      /** Default: on in development mode. Production refuses it (parseConfig). */
      enabled: z.boolean().optional(),
      host: z.string().min(1).default('127.0.0.1'),
      /** 0: a free port. */
      port: z.number().int().min(0).max(65_535).default(0),
    })
    .default({ host: '127.0.0.1', port: 0 }),
  /** Google One Tap: the client id the page initialises Google's script with, and where credentials are checked. */
  googleOneTap: z
    .strictObject({
      clientId: z.string().min(1).max(512).optional(),
      jwksUrl: z.string().url().default(GOOGLE_JWKS_URL),
      issuers: z.array(z.string().min(1)).min(1).default(GOOGLE_ISSUERS),
    })
    .default({ jwksUrl: GOOGLE_JWKS_URL, issuers: GOOGLE_ISSUERS }),
});

/** An absolute http(s) URL without a fragment (RFC 6749 §3.1.2: a redirection endpoint has none). */
const redirectUri = z
  .string()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && !value.includes('#'), {
    message: 'must be an absolute http(s) URL without a fragment',
  });

/** One OAuth scope token (RFC 6749 §3.3: printable ASCII except space, double quote and backslash). */
const scopeToken = z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,128}$/, { message: 'must be one scope token' });

/** The standard scopes (sdk-and-idp §5), which any signed-in user may grant to a client allowed them. */
export const STANDARD_IDP_SCOPES = ['openid', 'profile', 'email', 'phone', 'full_access', 'offline_access'] as const;

/** An application that signs its users in with this project (the project acting as an identity provider). */
const idpClient = z.strictObject({
  clientId: z.string().regex(/^[A-Za-z0-9._~-]{1,128}$/, { message: 'must be 1–128 of A–Z a–z 0–9 . _ ~ -' }),
  /** Shown on the consent screen and in the user's connected apps. */
  name: z.string().min(1).max(200),
  description: z.string().max(1000).default(''),
  /** An http(s) URL of the client's logo (connected apps list). */
  logoUrl: z
    .string()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      message: 'must be an absolute http(s) URL',
    })
    .optional(),
  /** `public`: a browser or native app (no secret, PKCE S256 required); `confidential`: a server with a secret. */
  type: z.enum(['public', 'confidential']),
  /** Confidential clients: the environment variable holding the client secret (only its SHA-256 is kept). */
  clientSecretEnv: environmentVariableName.optional(),
  /** Exact redirect URIs (compared as whole strings, RFC 9700 §4.1.3). */
  redirectUris: z.array(redirectUri).min(1),
  /** Exact URIs the logout flow may return to (OpenID Connect RP-Initiated Logout §3). */
  postLogoutRedirectUris: z.array(redirectUri).default([]),
  /** The scopes the client may request: standard ones and custom ones of `rbacPolicy.scopes`. */
  scopes: z.array(scopeToken).default(['openid', 'email', 'profile', 'phone', 'offline_access']),
  /** Ask the user before the first grant (remembered per user and client); false for first-party apps. */
  consentRequired: z.boolean().default(true),
});
export type IdpClientConfig = z.infer<typeof idpClient>;

const idpConfig = z.strictObject({
  /** The host page that renders the consent screen: the discovery document's `authorization_endpoint`. */
  authorizationUrl: redirectUri.default('http://localhost:5173/oauth/authorize'),
  /** The host page that renders the logout screen: the discovery document's `end_session_endpoint`. */
  logoutUrl: redirectUri.default('http://localhost:5173/oauth/logout'),
  clients: z.array(idpClient).default([]),
  /** Lifetime of an authorization code (RFC 6749 §4.1.2: short; at most 10 minutes). */
  authorizationCodeSeconds: z.number().int().min(10).max(600).default(60),
  accessTokenMinutes: z.number().int().min(1).max(1440).default(60),
  refreshTokenDays: z.number().int().min(1).max(365).default(30),
});

/** A trusted issuer whose JWTs `sessions/attest` exchanges for a session (one profile per `profileId`). */
const trustedAuthToken = z.strictObject({
  profileId: z.string().min(1).max(128),
  /** The `iss` the token must carry. */
  issuer: z.string().min(1),
  /** The `aud` the token must carry. */
  audience: z.string().min(1),
  /** Where the issuer's keys are published (one of `jwksUrl` and `publicKeyPem`). */
  jwksUrl: z.string().url().optional(),
  /** The issuer's public key (SPKI PEM). */
  publicKeyPem: z.string().optional(),
  /** The claim holding the user's email address. */
  emailClaim: z.string().min(1).default('email'),
});

const projectSchema = z.strictObject({
  /** Shown in the bootstrap as `project_name`. */
  name: z.string().min(1).default('Latchkey Playground'),
  /** Stable id used as the JWT audience and in `users.project_id`. */
  projectId: z
    .string()
    .regex(/^project-(test|live)-[a-z0-9-]+$/)
    .default('project-test-latchkey-playground'),
  publicToken: z
    .string()
    .regex(/^public-token-(test|live)-[A-Za-z0-9-]+$/)
    .default('public-token-test-latchkey-playground'),
  /** Browser origins allowed to call the API (CORS), exactly as `new URL(x).origin` prints them. */
  allowedOrigins: z
    .array(
      z.string().refine((value) => URL.canParse(value) && new URL(value).origin === value, {
        message: 'must be an origin such as http://localhost:5173 (scheme, host and port; no path, no trailing slash)',
      }),
    )
    .default(['http://localhost:5173', 'http://127.0.0.1:5173']),
  /** Redirect URLs a client may name (magic links, password resets), compared by scheme, host, port and path. */
  redirectUrls: z
    .array(
      z.string().refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
        message: 'must be an absolute http(s) URL',
      }),
    )
    .default(['http://localhost:5173/authenticate', 'http://127.0.0.1:5173/authenticate']),
  /** Used when a call names no redirect URL. Each must be in `redirectUrls`. */
  defaultRedirectUrls: z
    .strictObject({
      login: z.string().optional(),
      signup: z.string().optional(),
      resetPassword: z.string().optional(),
    })
    .default({}),
  products: z.array(z.enum(PRODUCTS)).default([...PRODUCTS]),
  passwordPolicy: passwordPolicy.default({ type: 'zxcvbn' }),
  /** Optional k-anonymity range API (`{url}/{first five hex of SHA-1}` → `SUFFIX:COUNT` lines), e.g. Have I Been Pwned. */
  breachRangeApiUrl: z.string().url().nullable().default(null),
  emailDomains: z.array(z.string()).default(['latchkey.dev']),
  pkce: z
    .strictObject({
      emailMagicLinks: z.boolean().default(false),
      passwordResets: z.boolean().default(false),
      oauth: z.boolean().default(false),
      sso: z.boolean().default(false),
    })
    .default({ emailMagicLinks: false, passwordResets: false, oauth: false, sso: false }),
  disableWatermark: z.boolean().default(false),
  rbacPolicy: rbacPolicy.nullable().default(null),
  /** Passkeys and security keys: where they may be registered and used (null: derived from `allowedOrigins`). */
  webauthn: webauthnConfig.default({ relyingPartyIds: null, origins: null }),
  /**
   * Multi-factor sign-in. With `required`, a first factor (passcode, magic link, password) of a user who has a
   * second factor (a verified TOTP) answers an `intermediate_session_token` instead of a session, and only a
   * second factor (`totps/authenticate`, `totps/recover`) turns it into one. A user without a second factor
   * gets a session, so they can enrol one.
   */
  mfa: z.strictObject({ required: z.boolean().default(false) }).default({ required: false }),
  /** Crypto wallet sign-in (Ethereum and Solana): which wallet types, and whether Ethereum must use SIWE. */
  cryptoWallets: cryptoWalletsConfig.default({ types: [...CRYPTO_WALLET_TYPES], siweRequired: false }),
  /** Social sign-in (`/v1/public/oauth/*`, `oauth/*`) and Google One Tap. */
  oauth: oauthConfig.default(oauthConfig.parse({})),
  /** The project as an OAuth 2.1 / OpenID Connect identity provider for other applications (sdk-and-idp §2). */
  idp: idpConfig.default(idpConfig.parse({})),
  /** Issuers whose JWTs `sessions/attest` accepts. */
  trustedAuthTokens: z.array(trustedAuthToken).default([]),
});

export const configSchema = z.strictObject({
  /** `development` turns on the development inbox (`GET /dev/inbox`); `production` never does. */
  mode: z.enum(['development', 'production']).default('development'),
  /**
   * The provider as browsers reach it (scheme, host, port, optional path; no trailing slash). Social sign-in's
   * upstream redirect URI is `${publicUrl}/v1/public/oauth/callback`.
   */
  publicUrl: z
    .string()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && !value.endsWith('/'), {
      message: 'must be an absolute http(s) URL without a trailing slash, such as https://auth.example.com',
    })
    .default('http://localhost:8787'),
  project: projectSchema.default(projectSchema.parse({})),
  /** Outgoing email through SMTP (nodemailer), e.g. `smtp://user:pass@mail.example.com:587`. */
  smtp: z.strictObject({ url: z.string(), from: z.string() }).nullable().default(null),
  /**
   * SQLite durability (`PRAGMA synchronous`; ignored on PostgreSQL): `full` survives a power loss, `normal`
   * (with WAL) survives a crash of the process. Concurrent commits are grouped either way.
   */
  sqlite: z.strictObject({ synchronous: z.enum(['full', 'normal']).default('full') }).default({ synchronous: 'full' }),
  /**
   * PostgreSQL (ignored on SQLite): the most connections one instance opens. Every instance opens its own, so the
   * server's `max_connections` must exceed instances × poolSize (plus whatever else connects).
   */
  postgres: z.strictObject({ poolSize: z.number().int().min(1).max(1000).default(10) }).default({ poolSize: 10 }),
  /** Peers whose `X-Forwarded-For` is believed (exact IP addresses). Nobody else's is. */
  trustedProxies: z.array(z.string()).default([]),
  /**
   * Fixed-window limits kept in the database (shared by every instance); past one a call answers 429
   * `too_many_requests` with `Retry-After`. Per IP means per client IP as `trustedProxies` resolves it.
   */
  rateLimits: z
    .strictObject({
      sendsPerIdentifier: rateWindow.default(DEFAULT_RATE_LIMITS.sendsPerIdentifier),
      sendsPerIp: rateWindow.default(DEFAULT_RATE_LIMITS.sendsPerIp),
      /** Password checks (`passwords/authenticate`, `passwords/existing_password/reset`), counted before the hash. */
      passwordAttemptsPerIp: rateWindow.default(DEFAULT_RATE_LIMITS.passwordAttemptsPerIp),
      /** `users/search` calls. */
      userSearchesPerIp: rateWindow.default(DEFAULT_RATE_LIMITS.userSearchesPerIp),
      /** Telemetry events stored by the unauthenticated `POST /events` (each event of a batch counts). */
      eventsPerIp: rateWindow.default(DEFAULT_RATE_LIMITS.eventsPerIp),
      /** Server calls (`/v1/…`) refused for a missing or wrong secret key; past it even the right key waits. */
      secretKeyFailuresPerIp: rateWindow.default(DEFAULT_RATE_LIMITS.secretKeyFailuresPerIp),
      /** Passkey sign-in challenges (`webauthn/authenticate/start/primary`), which need no session. */
      webauthnChallengesPerIp: rateWindow.default(DEFAULT_RATE_LIMITS.webauthnChallengesPerIp),
      /** Wallet sign-in challenges (`crypto_wallets/authenticate/start/primary`), which need no session. */
      cryptoWalletChallengesPerIp: rateWindow.default(DEFAULT_RATE_LIMITS.cryptoWalletChallengesPerIp),
      /** Social sign-in starts (`GET /v1/public/oauth/{provider}/start`) and One Tap starts, which need no session. */
      oauthStartsPerIp: rateWindow.default(DEFAULT_RATE_LIMITS.oauthStartsPerIp),
    })
    .default(DEFAULT_RATE_LIMITS),
  /**
   * How recent a password or email factor of the session must be for a sensitive change: a password set by
   * session, an identifier added to or removed from the account (answers `reauthentication_required`).
   */
  recentAuthenticationMinutes: z.number().int().min(1).max(1440).default(5),
  lockout: z
    .strictObject({
      /** Wrong guesses one passcode or token survives before it is burned. */
      maxFailuresPerCode: z.number().int().positive().default(5),
      /**
       * Guesses across every path (passcodes, passwords) a user survives within the window: each guess takes a
       * slot before it is checked; a right one gives its slot back, a successful password reset clears them.
       */
      maxFailuresPerUser: z.number().int().positive().default(10),
      windowMinutes: z.number().int().positive().default(60),
    })
    .default({ maxFailuresPerCode: 5, maxFailuresPerUser: 10, windowMinutes: 60 }),
});

export type ProviderConfig = z.infer<typeof configSchema>;
export type ProjectConfig = ProviderConfig['project'];
/** What callers may pass: every field optional, nested objects partial. */
export type ProviderConfigInput = z.input<typeof configSchema>;

/** Parses and checks a configuration; throws one readable error listing every problem. */
export function parseConfig(input: unknown): ProviderConfig {
  const result = configSchema.safeParse(input ?? {});
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`Invalid Latchkey provider configuration:\n${lines.join('\n')}`);
  }
  let config = result.data;
  const upstream = config.project.oauth.developmentUpstream;
  if (config.mode === 'production' && upstream.enabled === true) {
    throw new Error(
      'Invalid Latchkey provider configuration:\n  project.oauth.developmentUpstream.enabled: the development OAuth upstream cannot be enabled in production mode',
    );
  }
  // Settled here so every reader sees a boolean: on in development unless switched off, never in production.
  // A new object: the parsed defaults may be shared between configurations.
  const oauth = {
    ...config.project.oauth,
    developmentUpstream: { ...upstream, enabled: config.mode === 'development' && upstream.enabled !== false },
  };
  config = { ...config, project: { ...config.project, oauth } };
  const clientIds = new Set<string>();
  for (const [index, client] of config.project.idp.clients.entries()) {
    const at = `project.idp.clients.${index}`;
    if (clientIds.has(client.clientId)) {
      throw new Error(`Invalid Latchkey provider configuration:\n  ${at}.clientId: ${client.clientId} is used twice`);
    }
    clientIds.add(client.clientId);
    if (client.type === 'confidential' && client.clientSecretEnv === undefined) {
      throw new Error(
        `Invalid Latchkey provider configuration:\n  ${at}.clientSecretEnv: a confidential client needs the environment variable holding its secret`,
      );
    }
    if (client.type === 'public' && client.clientSecretEnv !== undefined) {
      throw new Error(
        `Invalid Latchkey provider configuration:\n  ${at}.clientSecretEnv: a public client has no secret`,
      );
    }
  }
  for (const [index, profile] of config.project.trustedAuthTokens.entries()) {
    if ((profile.jwksUrl === undefined) === (profile.publicKeyPem === undefined)) {
      throw new Error(
        `Invalid Latchkey provider configuration:\n  project.trustedAuthTokens.${index}: give exactly one of jwksUrl and publicKeyPem`,
      );
    }
  }
  for (const [name, url] of Object.entries(config.project.defaultRedirectUrls)) {
    if (url !== undefined && !config.project.redirectUrls.includes(url)) {
      throw new Error(
        `Invalid Latchkey provider configuration:\n  project.defaultRedirectUrls.${name}: ${url} is not in project.redirectUrls`,
      );
    }
  }
  return config;
}

/** Reads `latchkey.config.json` (or the given path). A missing default file means all defaults. */
export function loadConfigFile(path: string, { required }: { required: boolean }): ProviderConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (!required && (error as NodeJS.ErrnoException).code === 'ENOENT') return parseConfig({});
    throw new Error(`Cannot read the configuration file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`The configuration file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseConfig(json);
}
