// The identity provider's configuration section (`project.idp`), declared by its descriptor (products/idp/descriptor.ts)
// and merged into the project's by config.ts.
import { z } from 'zod';
import { environmentVariableName, isLoopbackHostname } from '../../configFields';
import type { ParsedConfig } from '../descriptor';

/** An absolute http(s) URL without a fragment (RFC 6749 §3.1.2: a redirection endpoint has none). */
const redirectUri = z
  .string()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && !value.includes('#'), {
    message: 'must be an absolute http(s) URL without a fragment',
  });

/**
 * A client's redirect URI (and post-logout redirect URI): as `redirectUri`, and `https:` unless the host is a loopback
 * address (RFC 9700 §2.6: redirect URIs use TLS; RFC 8252 §7.3, §8.3: plain http only for loopback redirects), so a
 * code or token never travels in clear to a network host.
 */
const clientRedirectUri = redirectUri.refine(
  // An unparsable value is redirectUri's refusal alone.
  (value) => !URL.canParse(value) || new URL(value).protocol !== 'http:' || isLoopbackHostname(new URL(value).hostname),
  { message: 'must use https: (plain http: only for a loopback host: localhost, 127.0.0.0/8 or [::1])' },
);

/** An absolute http(s) URL (a client's logo, privacy policy, terms). */
const httpUrl = z.string().refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
  message: 'must be an absolute http(s) URL',
});

/** One OAuth scope token (RFC 6749 §3.3: printable ASCII except space, double quote and backslash). */
const scopeToken = z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,128}$/, { message: 'must be one scope token' });

/** The standard scopes, which any signed-in user may grant to a client allowed them. */
export const STANDARD_IDP_SCOPES = ['openid', 'profile', 'email', 'phone', 'full_access', 'offline_access'] as const;

/** An application that signs its users in with this project (the project acting as an identity provider). */
const idpClient = z.strictObject({
  clientId: z.string().regex(/^[A-Za-z0-9._~-]{1,128}$/, { message: 'must be 1–128 of A–Z a–z 0–9 . _ ~ -' }),
  /** Shown on the consent screen and in the user's connected apps. */
  name: z.string().min(1).max(200),
  description: z.string().max(1000).default(''),
  /** An http(s) URL of the client's logo (the consent screen and the connected apps list). */
  logoUrl: httpUrl.optional(),
  /**
   * The client's privacy policy (RFC 7591 §2 `policy_uri`): the consent screen links to it. An http(s) URL.
   */
  policyUri: httpUrl.optional(),
  /** The client's terms of service (RFC 7591 §2 `tos_uri`): the consent screen links to them. An http(s) URL. */
  tosUri: httpUrl.optional(),
  /** `public`: a browser or native app (no secret, PKCE S256 required); `confidential`: a server with a secret. */
  type: z.enum(['public', 'confidential']),
  /** Confidential clients: the environment variable holding the client secret (only its SHA-256 is kept). */
  clientSecretEnv: environmentVariableName.optional(),
  /**
   * Exact redirect URIs (compared as whole strings, RFC 9700 §4.1.3), except that a plain `http:` one to a loopback IP
   * literal takes any port at request time (RFC 8252 §7.3; `redirectUriMatches` in authorize/request.ts).
   */
  redirectUris: z.array(clientRedirectUri).min(1),
  /** Exact URIs the logout flow may return to (OpenID Connect RP-Initiated Logout §3). */
  postLogoutRedirectUris: z.array(clientRedirectUri).default([]),
  /** The scopes the client may request: standard ones and custom ones of `rbacPolicy.scopes`. */
  scopes: z.array(scopeToken).default(['openid', 'email', 'profile', 'phone', 'offline_access']),
  /** Ask the user before the first grant (remembered per user and client); false for first-party apps. */
  consentRequired: z.boolean().default(true),
});
export type IdpClientConfig = z.infer<typeof idpClient>;

/** The development host pages (the playground): the defaults of `authorizationUrl` and `logoutUrl`. */
const DEVELOPMENT_HOST_PAGES = {
  authorizationUrl: 'http://localhost:5173/oauth/authorize',
  logoutUrl: 'http://localhost:5173/oauth/logout',
} as const;

export const idpConfig = z.strictObject({
  /**
   * The host page that renders the consent screen: the discovery document's `authorization_endpoint`. In production
   * with clients: set, and `https:` (plain `http:` only for a loopback host; `checkIdpConfig`).
   */
  authorizationUrl: redirectUri.default(DEVELOPMENT_HOST_PAGES.authorizationUrl),
  /** The host page that renders the logout screen: the discovery document's `end_session_endpoint`. As above. */
  logoutUrl: redirectUri.default(DEVELOPMENT_HOST_PAGES.logoutUrl),
  clients: z.array(idpClient).default([]),
  /** Lifetime of an authorization code (RFC 6749 §4.1.2: short; at most 10 minutes). */
  authorizationCodeSeconds: z.number().int().min(10).max(600).default(60),
  accessTokenMinutes: z.number().int().min(1).max(1440).default(60),
  refreshTokenDays: z.number().int().min(1).max(365).default(30),
  /**
   * How long a session exchanged from an access token (`sessions/exchange_access_token`) may last past that token's
   * expiry, in minutes: its expiry is capped at the token's `expires_at` plus this, whatever duration the exchange
   * or a later refresh asks for (0: it ends with the token).
   */
  exchangedSessionMinutes: z.number().int().min(0).max(1440).default(60),
});

/** `project.idp`: the project as an OAuth 2.1 / OpenID Connect identity provider for other applications. */
export const idpProjectConfig = { idp: idpConfig.default(idpConfig.parse({})) };

/**
 * Why production refuses the host page `field` (`authorizationUrl` or `logoutUrl`), or null. OpenID Connect Core
 * §3.1.2.1: "Communication with the Authorization Endpoint MUST utilize TLS" (RFC 6749 §3.1 likewise), and the
 * end-session page receives the ID token as `id_token_hint` (RP-Initiated Logout 1.0 §2): both are `https:`, plain
 * `http:` only for a loopback host (which no other machine reaches). The development default (the playground on
 * localhost:5173) would be published as the discovery document's endpoint and send every client's users to a page that
 * is not there, so production needs the URL set: a value equal to the default is taken as not set (the parsed
 * configuration cannot tell the two apart).
 */
function hostPageProblem(idp: z.infer<typeof idpConfig>, field: keyof typeof DEVELOPMENT_HOST_PAGES): string | null {
  const url = idp[field];
  if (url === DEVELOPMENT_HOST_PAGES[field]) {
    return `must be set in production mode: the default ${url} is the development playground's page, and the discovery document would send every client there`;
  }
  const { protocol, hostname } = new URL(url);
  if (protocol === 'http:' && !isLoopbackHostname(hostname)) {
    return 'must be an https URL in production mode: OpenID Connect Core §3.1.2.1 requires TLS for the authorization endpoint (plain http is accepted only for a loopback host: localhost, 127.0.0.0/8, [::1])';
  }
  return null;
}

/**
 * The checks zod cannot make: a client id used once, a secret for confidential clients only, and in production with
 * clients, host pages set and served over TLS (`hostPageProblem`).
 */
export function checkIdpConfig(config: ParsedConfig): void {
  const idp = config.project.idp as z.infer<typeof idpConfig>;
  if (config.mode === 'production' && idp.clients.length > 0) {
    const problems = (['authorizationUrl', 'logoutUrl'] as const).flatMap((field) => {
      const problem = hostPageProblem(idp, field);
      return problem === null ? [] : [`  project.idp.${field}: ${problem}`];
    });
    if (problems.length > 0) throw new Error(`Invalid Latchkey provider configuration:\n${problems.join('\n')}`);
  }
  const clientIds = new Set<string>();
  for (const [index, client] of idp.clients.entries()) {
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
  // The RBAC policy's scopes are the identity provider's custom scopes: each one scope token (RFC 6749 §3.3, as
  // `scopes_supported` publishes them), and none a standard scope, whose grant never reads the policy (a `full_access`
  // entry listing admin permissions would load and limit nothing).
  const policyScopes = (config.project.rbacPolicy as { scopes?: { scope: string }[] } | null)?.scopes ?? [];
  for (const [index, { scope }] of policyScopes.entries()) {
    const at = `project.rbacPolicy.scopes.${index}.scope`;
    if (!scopeToken.safeParse(scope).success) {
      throw new Error(
        `Invalid Latchkey provider configuration:\n  ${at}: ${JSON.stringify(scope)} is not one scope token`,
      );
    }
    if ((STANDARD_IDP_SCOPES as readonly string[]).includes(scope)) {
      throw new Error(
        `Invalid Latchkey provider configuration:\n  ${at}: ${scope} is a standard scope, which every user may grant; name a custom scope`,
      );
    }
  }
}
