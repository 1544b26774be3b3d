// The development upstream: a real OpenID Connect server (oidc-provider) on its own listener inside the provider
// process, so social sign-in works end to end in development and in tests without any real provider account.
// One confidential client per provider; its identity page stands in for every provider's sign-in screen, and
// `/profile/<provider>` answers in the shape that provider's own profile API uses (profiles.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { normalizeAddress } from '../../../http/addresses';
import { isLocalPeer } from '../../../routes/devInbox';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../config';
import { type DevelopmentClaims, developmentProfile } from '../profiles';
import { UPSTREAMS } from '../upstreams';
import { PAGE_HEADERS, renderIdentityPage, renderInteractionErrorPage } from './identityPage';
import { createMemoryAdapterFactory } from './memoryAdapter';
import { type DevelopmentIdentity, identityClaims, isOAuthProvider, TEST_IDENTITIES } from './testIdentities';

export type { DevelopmentIdentity } from './testIdentities';

/** A running development upstream. */
export interface DevelopmentUpstream {
  /** The OpenID Connect issuer, e.g. `http://127.0.0.1:41234` (discovery at `/.well-known/openid-configuration`). */
  issuer: string;
  /** `latchkey-dev-<provider>`. */
  clientIdFor(provider: OAuthProvider): string;
  /** The client's secret: random for each start, accepted with client_secret_basic and client_secret_post. */
  clientSecretFor(provider: OAuthProvider): string;
  /** Endpoints a provider descriptor is pointed at in development. */
  endpoints(provider: OAuthProvider): DevelopmentEndpoints;
  /** A Google-style ID token signed with the upstream's key (the One Tap stand-in's credential). */
  mintGoogleCredential(identity: DevelopmentIdentity, options: MintGoogleCredentialOptions): Promise<string>;
  /** Stops the listener and drops every session, code and token. */
  close(): Promise<void>;
}

/** Where a provider's descriptor points in development. */
export interface DevelopmentEndpoints {
  authorization: string;
  token: string;
  userinfo: string;
  jwks: string;
  /** GET with `Authorization: Bearer <access token>` → the provider-shaped profile JSON (profiles.ts). */
  profile: string;
}

/** Options of `mintGoogleCredential`. */
export interface MintGoogleCredentialOptions {
  /** The `aud` (and `azp`): the Google client id the page initialised One Tap with. */
  audience: string;
  /** Audiences besides `audience` (tests: a token for several clients). */
  otherAudiences?: string[];
  /** The `azp` when it is not `audience` (tests); null leaves it out. */
  authorizedParty?: string | null;
  nonce?: string;
  /** `iat` in epoch ms (default now); the token expires one hour later. */
  issuedAt?: number;
}

/** Options of `startDevelopmentUpstream`. */
export interface StartDevelopmentUpstreamOptions {
  /** The interface to listen on (`127.0.0.1` by default in the configuration). */
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Registered for every client; the provider's is `${publicUrl}/v1/public/oauth/callback`. */
  redirectUris: string[];
}

/** The client id of `provider` at the development upstream; fixed, so it is known before the upstream starts. */
export function developmentClientId(provider: OAuthProvider): string {
  return `latchkey-dev-${provider}`;
}

/** The provider a development client id belongs to, or null. */
export function providerOfDevelopmentClient(clientId: unknown): OAuthProvider | null {
  if (typeof clientId !== 'string' || !clientId.startsWith('latchkey-dev-')) return null;
  const provider = clientId.slice('latchkey-dev-'.length);
  return isOAuthProvider(provider) ? provider : null;
}

/** The largest form the identity page posts. */
const MAX_FORM_BYTES = 16 * 1024;

const ROUTES = {
  authorization: '/auth',
  token: '/token',
  userinfo: '/me',
  jwks: '/jwks',
  revocation: '/token/revocation',
  end_session: '/session/end',
};

/** The URL base of a listener: IPv6 literals in brackets, a wildcard address reached through loopback. */
function originOf(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/** Starts a development upstream on `host:port`. Close it with `close()`. */
export async function startDevelopmentUpstream(options: StartDevelopmentUpstreamOptions): Promise<DevelopmentUpstream> {
  if (options.redirectUris.length === 0) throw new Error('The development upstream needs at least one redirect URI');
  const accounts = new Map<string, DevelopmentClaims>();
  const secrets = new Map(OAUTH_PROVIDERS.map((provider) => [provider, randomBytes(24).toString('base64url')]));
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };

  // The handler is set once the port (and so the issuer) is known.
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.writeHead(503).end();
  };
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const issuer = originOf(options.host, (server.address() as AddressInfo).port);

  // Loaded on the first start only: nearly every provider (the CLI in production, most test providers) never starts
  // the development upstream. oidc-provider 8, not 9: 9 prints an "Unsupported runtime" warning on import on Node
  // before 22, and Latchkey supports Node 20.19 and later.
  const { default: Provider, interactionPolicy } = await import('oidc-provider');
  const policy = interactionPolicy.base();
  // The identity page every time, as a provider's account chooser would: the upstream's own session (one for all
  // 19 clients) would otherwise sign the last identity in again without asking.
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check('choose_identity', 'The development upstream asks who signs in', (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
      0,
    );

  const configuration: Configuration = {
    adapter: createMemoryAdapterFactory(),
    clients: OAUTH_PROVIDERS.map((provider) => ({
      client_id: developmentClientId(provider),
      client_secret: secrets.get(provider) as string,
      redirect_uris: options.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // client_secret_post is accepted too: oidc-provider takes either form for a client_secret_* client.
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'RS256',
    })),
    jwks: { keys: [jwk] },
    // The upstream's session cookie is SameSite=Lax, as oidc-provider 9 makes it: 8's default (None) needs a secure
    // cookie, which a browser drops from this http:// origin, so the upstream would forget its last identity.
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    scopes: KNOWN_SCOPES,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture', 'locale'],
    },
    // Google-style ID tokens: the scope's claims are in the ID token too, not only at userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    // Accepted (S256 only) but not required, like Google's confidential clients.
    pkce: { methods: ['S256'], required: () => false },
    routes: ROUTES,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
    },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // No consent page: every requested OpenID scope is granted to the identity that was chosen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.account?.accountId ?? ctx.oidc.session?.accountId;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client?.clientId, accountId });
      grant.addOIDCScope([...ctx.oidc.requestParamScopes].filter((scope) => KNOWN_SCOPES.includes(scope)).join(' '));
      const requested = ctx.oidc.claims;
      const claimNames = [...Object.keys(requested.id_token ?? {}), ...Object.keys(requested.userinfo ?? {})];
      if (claimNames.length > 0) grant.addOIDCClaims(claimNames);
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // An error that cannot go back to a redirect URI (unknown client, unregistered redirect URI): our own page.
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.set(PAGE_HEADERS);
      ctx.body = renderInteractionErrorPage(
        out.error_description ? `${out.error}: ${out.error_description}` : out.error,
      );
    },
    findAccount: async (_ctx, accountId) => {
      const claims = accounts.get(accountId);
      return claims ? { accountId, claims: () => ({ ...claims }) } : undefined;
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 14 * 24 * 3600,
      Interaction: 3600,
      Session: 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
  };
  const oidc = new Provider(issuer, configuration);
  const callback = oidc.callback();

  const writeJson = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
    response.end(JSON.stringify(body));
  };
  const writePage = (response: ServerResponse, status: number, html: string) => {
    response.writeHead(status, PAGE_HEADERS);
    response.end(html);
  };

  const handleInteraction = async (
    request: IncomingMessage,
    response: ServerResponse,
    uid: string,
    action: 'login' | 'cancel' | undefined,
  ) => {
    let details: Awaited<ReturnType<typeof oidc.interactionDetails>>;
    try {
      details = await oidc.interactionDetails(request, response);
    } catch {
      writePage(response, 400, renderInteractionErrorPage('This sign-in has expired or was already finished.'));
      return;
    }
    if (details.uid !== uid) {
      writePage(response, 400, renderInteractionErrorPage('This sign-in does not belong to this browser.'));
      return;
    }
    const provider = providerOfDevelopmentClient(details.params.client_id);
    const actionBase = `/interaction/${encodeURIComponent(uid)}`;
    if (action === undefined) {
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return writeJson(response, 405, { error: 'method_not_allowed' });
      writePage(response, 200, renderIdentityPage({ provider, actionBase }));
      return;
    }
    if (request.method !== 'POST') return writeJson(response, 405, { error: 'method_not_allowed' });
    if (action === 'cancel') {
      await oidc.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const form = await readForm(request);
    if (form === null) return writePage(response, 413, renderInteractionErrorPage('The form is too large.'));
    const chosen = chosenIdentity(form);
    if ('error' in chosen) {
      writePage(response, 400, renderIdentityPage({ provider, actionBase, error: chosen.error, typed: chosen.typed }));
      return;
    }
    const claims = identityClaims(chosen.identity);
    accounts.set(claims.sub, claims);
    // Another identity than the browser's last one (linking a second account, a second test user): the upstream's
    // session of the last one ends here, and the interaction forgets it. Otherwise oidc-provider would first send
    // the browser through its own auto-submitted logout page before the callback, and the sign-in stalled there.
    if (details.session && details.session.accountId !== claims.sub) {
      const previous = await oidc.Session.find(details.session.cookie);
      await previous?.destroy();
      details.session = undefined;
      await details.save(details.exp - Math.floor(Date.now() / 1000));
    }
    await oidc.interactionFinished(
      request,
      response,
      { login: { accountId: claims.sub } },
      { mergeWithLastSubmission: false },
    );
  };

  const handleProfile = async (request: IncomingMessage, response: ServerResponse, provider: OAuthProvider) => {
    const challenge = { 'www-authenticate': `Bearer realm="${issuer}", error="invalid_token"` };
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer === undefined) {
      return writeJson(
        response,
        401,
        { error: 'invalid_token', error_description: 'no access token provided' },
        challenge,
      );
    }
    const token = await oidc.AccessToken.find(bearer);
    const claims = token?.accountId === undefined ? undefined : accounts.get(token.accountId);
    // A token of another provider's client is refused, as another provider's API would.
    if (!token?.isValid || token.clientId !== developmentClientId(provider) || claims === undefined) {
      return writeJson(response, 401, { error: 'invalid_token', error_description: 'invalid access token' }, challenge);
    }
    writeJson(response, 200, developmentProfile(provider, claims));
  };

  handle = (request, response) => {
    // Only this machine, as the development routes (routes/devInbox.ts): it signs anyone in as any address it is
    // given, verified, so a listener on a host others reach (`developmentUpstream.host: "0.0.0.0"`) must not serve them.
    const peer = normalizeAddress(request.socket.remoteAddress ?? '');
    if (!isLocalPeer(peer, (name) => request.headers[name] !== undefined)) {
      writeJson(response, 404, { error: 'not_found' });
      return;
    }
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const interaction = /^\/interaction\/([\w-]+)(?:\/(login|cancel))?$/.exec(path);
    const profile = /^\/profile\/([a-z]+)$/.exec(path);
    let work: Promise<void> | void;
    if (interaction) {
      work = handleInteraction(
        request,
        response,
        interaction[1] as string,
        interaction[2] as 'login' | 'cancel' | undefined,
      );
    } else if (profile) {
      const provider = profile[1] as string;
      if (request.method !== 'GET') work = writeJson(response, 405, { error: 'method_not_allowed' });
      else if (!isOAuthProvider(provider)) work = writeJson(response, 404, { error: 'not_found' });
      else work = handleProfile(request, response, provider);
    } else {
      if (path === ROUTES.authorization) request.url = withGrantableScopes(request.url ?? '/');
      work = callback(request, response);
    }
    void Promise.resolve(work).catch((error: unknown) => {
      console.error('[latchkey-provider] development upstream:', error);
      if (!response.headersSent) writeJson(response, 500, { error: 'server_error' });
      else response.end();
    });
  };

  let closing: Promise<void> | null = null;
  return {
    issuer,
    clientIdFor: developmentClientId,
    clientSecretFor: (provider) => secrets.get(provider) as string,
    endpoints: (provider) => ({
      authorization: `${issuer}${ROUTES.authorization}`,
      token: `${issuer}${ROUTES.token}`,
      userinfo: `${issuer}${ROUTES.userinfo}`,
      jwks: `${issuer}${ROUTES.jwks}`,
      profile: `${issuer}/profile/${provider}`,
    }),
    async mintGoogleCredential(identity, mintOptions) {
      const claims = identityClaims(identity);
      accounts.set(claims.sub, claims);
      const issuedAt = Math.floor((mintOptions.issuedAt ?? Date.now()) / 1000);
      const azp = mintOptions.authorizedParty === undefined ? mintOptions.audience : mintOptions.authorizedParty;
      return new SignJWT({
        ...claims,
        ...(azp === null ? {} : { azp }),
        ...(mintOptions.nonce === undefined ? {} : { nonce: mintOptions.nonce }),
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(
          mintOptions.otherAudiences === undefined
            ? mintOptions.audience
            : [mintOptions.audience, ...mintOptions.otherAudiences],
        )
        .setSubject(claims.sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 3600)
        .sign(privateKey);
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections (the provider's own token and profile calls) would hold close() open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** OpenID Connect's scopes and every real upstream's default ones: what the development clients can be granted. */
const KNOWN_SCOPES = [
  ...new Set([
    'openid',
    'email',
    'profile',
    'offline_access',
    ...Object.values(UPSTREAMS).flatMap(({ scopes }) => scopes),
  ]),
];

/**
 * The authorization request as the upstream it stands in for would treat it. Apple answers its `name email` scopes
 * with an ID token without being asked for `openid`; oidc-provider issues one only for `openid`, so the Apple
 * client gets it added. And oidc-provider refuses (access_denied) a request none of whose scopes it knows, where a
 * real upstream grants its basic profile: such a request gets `profile` added.
 */
function withGrantableScopes(url: string): string {
  const parsed = new URL(url, 'http://upstream.invalid');
  const provider = providerOfDevelopmentClient(parsed.searchParams.get('client_id'));
  if (provider === null) return url;
  const scopes = (parsed.searchParams.get('scope') ?? '').split(' ').filter(Boolean);
  const added = [
    ...(provider === 'apple' && !scopes.includes('openid') ? ['openid'] : []),
    ...(scopes.some((scope) => KNOWN_SCOPES.includes(scope)) ? [] : ['profile']),
  ];
  // Google's and Microsoft's `prompt=select_account` (an account chooser): the identity page is one every time, so
  // it is taken as met rather than refused as a prompt oidc-provider does not know.
  const prompts = (parsed.searchParams.get('prompt') ?? '').split(' ').filter(Boolean);
  const knownPrompts = prompts.filter((prompt) => prompt !== 'select_account');
  if (added.length === 0 && knownPrompts.length === prompts.length) return url;
  if (added.length > 0) parsed.searchParams.set('scope', [...added, ...scopes].join(' '));
  if (knownPrompts.length > 0) parsed.searchParams.set('prompt', knownPrompts.join(' '));
  else parsed.searchParams.delete('prompt');
  return `${parsed.pathname}${parsed.search}`;
}

/** The identity a posted form names: a test identity's button, or the typed fields. */
function chosenIdentity(
  form: URLSearchParams,
):
  | { identity: DevelopmentIdentity }
  | { error: string; typed: { email?: string; name?: string; emailVerified?: boolean } } {
  const button = form.get('identity');
  if (button !== null) {
    const identity = TEST_IDENTITIES.find((candidate) => candidate.email === button);
    return identity ? { identity } : { error: 'That test identity does not exist.', typed: {} };
  }
  const email = (form.get('email') ?? '').trim();
  const name = (form.get('name') ?? '').trim();
  const emailVerified = form.get('email_verified') !== null;
  const typed = { email, name, emailVerified };
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
    return { error: 'Enter an email address, like ada@example.com.', typed };
  }
  if (name.length > 200) return { error: 'The name is longer than 200 characters.', typed };
  const subject = (form.get('subject') ?? '').trim();
  const picture = (form.get('picture') ?? '').trim();
  const locale = (form.get('locale') ?? '').trim();
  if (subject.length > 200 || picture.length > 2000 || locale.length > 35) {
    return { error: 'A field is too long.', typed };
  }
  if (picture !== '' && !/^https?:\/\//i.test(picture)) {
    return { error: 'The picture URL must start with http:// or https://.', typed };
  }
  return {
    identity: {
      email,
      emailVerified,
      ...(name === '' ? {} : { name }),
      ...(subject === '' ? {} : { subject }),
      ...(picture === '' ? {} : { picture }),
      ...(locale === '' ? {} : { locale }),
    },
  };
}

/** The url-encoded body of a post, or null when it is larger than MAX_FORM_BYTES. */
async function readForm(request: IncomingMessage): Promise<URLSearchParams | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
