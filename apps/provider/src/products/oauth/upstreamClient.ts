// Talking to an upstream: arctic's generic OAuth2Client builds the authorize URL (state, PKCE S256) and exchanges the
// code over HTTP; jose verifies OpenID Connect ID tokens against the upstream's published keys; the profile is
// fetched with the access token and read by `mapProfile`. The development upstream is reached the same way, over
// real HTTP, only at other endpoints.
import { CodeChallengeMethod, OAuth2Client, type OAuth2Tokens } from 'arctic';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { ProviderDeps } from '../../http/context';
import { ProviderError } from '../../http/errors';
import type { OAuthProvider } from './config';
import { developmentUpstreamOf } from './developmentUpstream/byInstance';
import { mapProfile, type SocialProfile } from './profiles';
import { developmentDescriptor, UPSTREAMS, type UpstreamDescriptor } from './upstreams';

/** Which upstream a flow talks to: the project's own client at the real upstream, or the development upstream. */
export type UpstreamKind = 'configured' | 'development';

/** An upstream ready to use: its descriptor and the client credentials for it. */
export interface ResolvedUpstream {
  kind: UpstreamKind;
  descriptor: UpstreamDescriptor;
  clientId: string;
  clientSecret: string;
}

/** Where the upstream sends the browser back: one callback for every provider, the transaction is found by state. */
export function callbackUrl(deps: ProviderDeps): string {
  return `${deps.config.publicUrl}/v1/public/oauth/callback`;
}

/**
 * The upstream for `provider`: the configured client (its secret read from the named environment variable), else
 * the development upstream when it is on. Without either: `oauth_config_not_found`. `kind` pins the choice a
 * transaction made at its start.
 */
export async function resolveUpstream(
  deps: ProviderDeps,
  provider: OAuthProvider,
  kind?: UpstreamKind,
): Promise<ResolvedUpstream> {
  const client = deps.config.project.oauth.clients[provider];
  if (client && kind !== 'development') {
    const secret = client.clientSecretEnv === undefined ? '' : (process.env[client.clientSecretEnv] ?? '');
    if (secret === '') {
      throw new ProviderError('oauth_config_not_found', {
        message: `The ${provider} OAuth client has no secret: set the environment variable named by project.oauth.clients.${provider}.clientSecretEnv.`,
      });
    }
    return { kind: 'configured', descriptor: UPSTREAMS[provider], clientId: client.clientId, clientSecret: secret };
  }
  const developmentUpstream = developmentUpstreamOf(deps);
  if (developmentUpstream && kind !== 'configured') {
    const upstream = await developmentUpstream.get();
    return {
      kind: 'development',
      descriptor: developmentDescriptor(provider, upstream.endpoints(provider), upstream.issuer),
      clientId: upstream.clientIdFor(provider),
      clientSecret: upstream.clientSecretFor(provider),
    };
  }
  throw new ProviderError('oauth_config_not_found');
}

function clientOf(deps: ProviderDeps, upstream: ResolvedUpstream): OAuth2Client {
  return new OAuth2Client(upstream.clientId, upstream.clientSecret, callbackUrl(deps));
}

/** What the authorize URL carries besides the client, redirect URI and scopes. */
export interface AuthorizationRequest {
  state: string;
  /** The PKCE verifier whose S256 challenge is sent (only when the upstream takes PKCE). */
  codeVerifier: string | null;
  /** The OIDC nonce (OpenID Connect upstreams only). */
  nonce: string | null;
  scopes: string[];
  /** The caller's `provider_*` parameters, already checked against the safe list. */
  params: Record<string, string>;
}

/** The upstream's authorize URL for one transaction. */
export function authorizationUrl(deps: ProviderDeps, upstream: ResolvedUpstream, request: AuthorizationRequest): URL {
  const client = clientOf(deps, upstream);
  const { descriptor } = upstream;
  const url =
    request.codeVerifier === null
      ? client.createAuthorizationURL(descriptor.authorizationUrl, request.state, request.scopes)
      : client.createAuthorizationURLWithPKCE(
          descriptor.authorizationUrl,
          request.state,
          CodeChallengeMethod.S256,
          request.codeVerifier,
          request.scopes,
        );
  if (descriptor.scopeSeparator !== undefined && request.scopes.length > 0) {
    url.searchParams.set('scope', request.scopes.join(descriptor.scopeSeparator));
  }
  if (descriptor.clientIdParameter !== undefined) {
    url.searchParams.delete('client_id');
    url.searchParams.set(descriptor.clientIdParameter, upstream.clientId);
  }
  if (request.nonce !== null) url.searchParams.set('nonce', request.nonce);
  for (const [name, value] of Object.entries(request.params)) url.searchParams.set(name, value);
  for (const [name, value] of Object.entries(descriptor.productionAuthorizationParams ?? {})) {
    url.searchParams.set(name, value);
  }
  return url;
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** One key set per JWKS URL, so keys are fetched once and re-fetched only for an unknown key id. */
export function remoteKeys(jwksUrl: string): ReturnType<typeof createRemoteJWKSet> {
  let keys = keySets.get(jwksUrl);
  if (!keys) {
    // Development upstreams come and go (one per test provider); keep the map from growing without bound.
    if (keySets.size >= 64) keySets.delete(keySets.keys().next().value as string);
    keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 10_000 });
    keySets.set(jwksUrl, keys);
  }
  return keys;
}

/**
 * Verifies a JWT the upstream signed: signature with the published keys, issuer, audience (this client alone, and the
 * authorized party when there is one), `exp` (required: a token without one is refused like an expired one) and
 * `iat`. The time is the wall clock, not the provider's injectable clock: the upstream stamps its tokens with real time.
 */
export async function verifyUpstreamJwt(
  token: string,
  options: { jwksUrl: string; issuer: string | readonly string[] | RegExp; audience: string },
): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, remoteKeys(options.jwksUrl), {
    audience: options.audience,
    ...(options.issuer instanceof RegExp ? {} : { issuer: options.issuer as string | string[] }),
    requiredClaims: ['exp', 'iat', 'sub'],
    algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
    clockTolerance: 60,
  });
  if (options.issuer instanceof RegExp && !(typeof payload.iss === 'string' && options.issuer.test(payload.iss))) {
    throw new Error('unexpected "iss" claim value');
  }
  // OpenID Connect Core 1.0 §3.1.3.7, steps 3 to 5 (jose checked that `aud` contains the client id): a token that also
  // names audiences the client does not trust is refused, and none is trusted here; an authorized party (`azp`), when
  // present, must be this client (Google sets it to the client id the browser used).
  const audiences: unknown[] = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audiences.some((audience) => audience !== options.audience)) throw new Error('unexpected "aud" claim value');
  if (payload.azp !== undefined && payload.azp !== options.audience) throw new Error('unexpected "azp" claim value');
  return payload;
}

/** What a successful code exchange yields. */
export interface UpstreamResult {
  tokens: OAuth2Tokens;
  idToken: string;
  profile: SocialProfile;
}

const PROFILE_TIMEOUT_MS = 10_000;

async function fetchJson(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'latchkey' },
    signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`The profile endpoint answered ${response.status}`);
  return response.json();
}

/**
 * Exchanges the code (arctic, over HTTP), verifies the ID token where the upstream is OpenID Connect (and its
 * nonce when one was sent), fetches the profile and maps it. An ID token must name the same subject as the profile.
 * Any failure throws: the callback turns it into an `oauth_flow_callback_error` token.
 */
export async function completeAtUpstream(
  deps: ProviderDeps,
  upstream: ResolvedUpstream,
  options: { code: string; codeVerifier: string | null; nonce: string | null },
): Promise<UpstreamResult> {
  const { descriptor } = upstream;
  const provider: OAuthProvider = descriptor.provider;
  const tokens = await clientOf(deps, upstream).validateAuthorizationCode(
    descriptor.tokenUrl,
    options.code,
    options.codeVerifier,
  );
  let idToken = '';
  let claims: JWTPayload | null = null;
  if (descriptor.oidc) {
    idToken = 'id_token' in tokens.data && typeof tokens.data.id_token === 'string' ? tokens.data.id_token : '';
    if (idToken === '') throw new Error(`${provider} sent no ID token`);
    claims = await verifyUpstreamJwt(idToken, {
      jwksUrl: descriptor.oidc.jwksUrl,
      issuer: descriptor.oidc.issuer,
      audience: upstream.clientId,
    });
    if (options.nonce !== null && claims.nonce !== options.nonce) throw new Error('The ID token nonce does not match');
  }
  let json: unknown;
  if (descriptor.profileUrl === '') {
    json = claims;
  } else {
    const accessToken = tokens.accessToken();
    json = await fetchJson(descriptor.profileUrl, accessToken);
    if (descriptor.emailsUrl !== undefined) {
      const emails = await fetchJson(descriptor.emailsUrl, accessToken);
      // Bitbucket pages its list under `values`.
      const list = Array.isArray(emails) ? emails : ((emails as { values?: unknown })?.values ?? []);
      json = { ...(json as object), emails: list };
    }
  }
  const profile = mapProfile(provider, json);
  if (claims !== null && claims.sub !== profile.subject) {
    throw new Error(`The ${provider} profile and ID token name different subjects`);
  }
  return { tokens, idToken, profile };
}
