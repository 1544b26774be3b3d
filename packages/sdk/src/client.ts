import type { Session, User } from './contract/common';
import type { LatchkeyEnvironment } from './environment';
import { isBrowser, resolveEnvironment, serverEnvironment } from './environment';
import { parseAuthenticateUrl, urlWithoutToken } from './internal/authenticateUrl';
import { type BaseUrlOptions, resolveBaseUrl } from './internal/baseUrl';
import { BootstrapStore } from './internal/bootstrap';
import type { CaptchaProvider, CoreContext, DfpProvider } from './internal/context';
import { EventLogger } from './internal/eventLogger';
import { addLazyMethods, once } from './internal/lazy';
import { NetworkClient } from './internal/networkClient';
import { createRbac } from './internal/rbac';
import { type CookieOptions, SessionManager } from './internal/sessionManager';
import { SHARED } from './internal/shared';
import { DEFERRED_TOKEN_TYPE, type DeferredTokenType, type HandledTokenType } from './products/redirectTokens';
import {
  type NamespaceEntry,
  PRODUCT_NAMESPACES,
  type ProductNamespace,
  type ProductNamespaces,
} from './products/registry';
import { backgroundRefreshOptions, createSessionCore, type SessionNamespace } from './products/session';
import type { create as createUser } from './products/user';
import { createUserCore } from './products/userCore';
import type { create as createUsers } from './products/users';
import { validate } from './validation';

/** Options of `createClient`. Every one is optional. */
export interface ClientOptions extends BaseUrlOptions {
  /** The provider's base URL, used exactly as given (scheme, host, port, path). Plain http only for loopback. */
  apiBaseUrl?: string;
  /** A host (`auth.example.com`) served over https; an invalid one warns and the default is used. */
  customDomain?: string;
  /** Accept an `http:` `apiBaseUrl` on a non-loopback host. Never do this in production. */
  allowInsecureHttp?: boolean;
  /** Cookie names, path and domain. */
  cookieOptions?: CookieOptions;
  /** Background refreshes ask for the duration of the last authentication instead of leaving it unchanged. */
  keepSessionAlive?: boolean;
  /** Answers captcha challenges when the project requires them. */
  captchaProvider?: CaptchaProvider;
  /** Supplies the device-fingerprint telemetry id when the project enables DFP-protected auth. */
  dfpProvider?: DfpProvider;
  /** How long calls wait for the project settings before using the cache or defaults. Default 5000 ms. */
  bootstrapTimeoutMs?: number;
  /** How long a request may take before it fails as 'Unable to contact our servers.'. Default 30000 ms. */
  requestTimeoutMs?: number;
  /** Replaces parts of the platform (fetch, storage, cookies, timers, crypto…), for tests and unusual hosts. */
  environment?: Partial<LatchkeyEnvironment>;
  /**
   * The session the server knows from the request's cookie (e.g. `sessionFromCookies` of `@latchkey/server`), so the
   * server's HTML and the browser's first render both show the signed-in state. On the server it is the client's
   * session (unconfirmed: `fromCache`); in the browser it stands in, unconfirmed, only while the page has no session
   * of its own in storage, until the start-up check confirms or drops it. `null` or absent: no session yet.
   */
  initialSession?: InitialSession | null;
}

/** A session read on the server: `user` may be missing (a session JWT carries no user). */
export interface InitialSession {
  session: Omit<Session, 'custom_claims'> & { custom_claims?: Session['custom_claims'] };
  user?: User | null;
}

const liveClients = new Set<string>();

/** What `authenticateByUrl` did with the token of the page URL. */
export type AuthenticateByUrlResult =
  | { tokenType: HandledTokenType; token: string; handled: true; data: unknown }
  | { tokenType: DeferredTokenType; token: string; handled: false };

/** The namespaces whose code loads on first call (or on `client.preload`), not with `createClient`. */
export type LazyNamespace = ProductNamespace | 'session' | 'user' | 'users';

/** The client: one namespace per product, plus sessions, bootstrap, RBAC and telemetry. */
export type LatchkeyClient = ReturnType<typeof buildClient>;

/**
 * Creates the Latchkey client for a project's public token. Call it once per page in the browser. On a server (no
 * `window`, no `environment` injected) it returns an inert client for server rendering: it sends no request, reads
 * no storage or cookie, starts no timer, and its session is "none yet" (`initialSession`, else null, `fromCache`).
 * A second browser client for the same token warns.
 */
export function createClient(publicToken: string, options: ClientOptions = {}): LatchkeyClient {
  validate('createClient')
    .isString('publicToken', publicToken)
    .isOptionalObject('options', options)
    .isOptionalString('apiBaseUrl', options.apiBaseUrl)
    .isOptionalObject('cookieOptions', options.cookieOptions)
    .isOptionalNumber('bootstrapTimeoutMs', options.bootstrapTimeoutMs)
    .isOptionalNumber('requestTimeoutMs', options.requestTimeoutMs);
  const cookieOptions = options.cookieOptions ?? {};
  validate('createClient')
    .isOptionalString('cookieOptions.opaqueTokenCookieName', cookieOptions.opaqueTokenCookieName)
    .isOptionalString('cookieOptions.jwtCookieName', cookieOptions.jwtCookieName)
    .isOptionalString('cookieOptions.istCookieName', cookieOptions.istCookieName)
    .isOptionalString('cookieOptions.path', cookieOptions.path)
    .isOptionalString('cookieOptions.domain', cookieOptions.domain)
    .isOptionalBoolean('cookieOptions.availableToSubdomains', cookieOptions.availableToSubdomains);
  validate('createClient').isOptionalObject('initialSession', options.initialSession ?? undefined);
  return buildClient(publicToken, options);
}

function buildClient(publicToken: string, options: ClientOptions) {
  // A server renders one page per request: a client each, none of them live (no warning for the second one).
  const onServer = !options.environment && !isBrowser();
  const environment = onServer ? serverEnvironment() : resolveEnvironment(options.environment);
  if (!publicToken.startsWith('public-token-')) {
    environment.logger.warn(
      `The public token "${publicToken}" does not start with "public-token-". Check that you copied the public token.`,
    );
  }
  if (!onServer && liveClients.has(publicToken)) {
    environment.logger.warn(
      "It looks like you're creating multiple copies of the client. Create one client per page and share it.",
    );
  }
  if (!onServer) liveClients.add(publicToken);

  const { apiUrl, hasCustomApiEndpoint } = resolveBaseUrl(publicToken, options, (message) =>
    environment.logger.warn(message),
  );
  const stateKey = `stytch_sdk_state_${publicToken}`;
  const session = new SessionManager({
    environment,
    publicToken,
    stateKey,
    cookieOptions: options.cookieOptions ?? {},
    hasCustomApiEndpoint,
    initialSession: options.initialSession ?? null,
    onServer,
  });
  const getIdentity = () => {
    const snapshot = session.getSnapshot();
    return { userId: snapshot.user?.user_id, sessionId: snapshot.session?.session_id };
  };
  const network = new NetworkClient({
    environment,
    publicToken,
    apiUrl,
    getSessionToken: () => session.getSessionToken(),
    getIdentity,
    requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
  });
  const bootstrap = new BootstrapStore(
    network,
    environment,
    publicToken,
    stateKey,
    options.bootstrapTimeoutMs ?? 5000,
    !onServer,
  );
  const events = new EventLogger({ environment, publicToken, apiUrl, getIdentity });
  const core: CoreContext = {
    publicToken,
    environment,
    network,
    bootstrap,
    session,
    events,
    apiUrl,
    stateKey,
    shared: SHARED,
    keepSessionAlive: options.keepSessionAlive ?? false,
    captchaProvider: options.captchaProvider,
    dfpProvider: options.dfpProvider,
  };
  // Built by the first namespace that loads: the `call` with captcha and DFP, PKCE, the session checks.
  const context = once(() => import('./internal/context').then((m) => m.createContext(core)));
  const load = {} as Record<LazyNamespace, () => Promise<object>>;
  const loader = (module: NamespaceEntry[0], options?: unknown) =>
    once(() => Promise.all([module(), context()]).then(([namespace, ctx]) => namespace.create(ctx, options)));
  /** `target` plus a stub for each async method in `methods`, which loads `name` on first call. */
  const lazy = <T>(name: LazyNamespace, methods: string, target = {}) =>
    addLazyMethods(target, load[name], methods) as T;

  // The products' namespaces (their registry), each with the methods it adds to `client.user`.
  const namespaces = {} as ProductNamespaces;
  let userMethods = 'get update deleteEmail deletePhoneNumber getConnectedApps revokedConnectedApp revokeConnectedApp';
  for (const [name, [module, methods, user, options]] of Object.entries(PRODUCT_NAMESPACES) as [
    ProductNamespace,
    NamespaceEntry,
  ][]) {
    load[name] = loader(module, options);
    (namespaces as Record<ProductNamespace, object>)[name] = lazy(name, methods);
    if (user) userMethods += ` ${user}`;
  }
  load.session = loader(() => import('./products/sessionCalls'));
  load.user = loader(() => import('./products/user'));
  load.users = loader(() => import('./products/users'));

  const sessionNamespace = lazy<SessionNamespace>(
    'session',
    'revoke exchangeAccessToken attest getIntermediateUser',
    createSessionCore(core),
  );

  /**
   * Authenticates the token a redirect brought back in the page URL (`?stytch_token_type=…&token=…`), removing
   * both parameters from the address bar first (and again after the answer, if the URL carries them again), so a
   * reload cannot replay a used token. `magic_links` and `login` (the
   * 'log in without a password' link of a reset email) are magic-link tokens; `oauth` and `impersonation` go to
   * their namespaces. A `reset_password` token is returned unconsumed: the reset form needs the new password first.
   * Answers null when the URL carries no token. Its code loads on the first call (a chunk of its own).
   */
  async function authenticateByUrl(
    options: { session_duration_minutes: number },
    href = environment.location.href,
  ): Promise<AuthenticateByUrlResult | null> {
    const redirectCore = {
      namespaces,
      environment,
      validate,
      parseAuthenticateUrl,
      urlWithoutToken,
      deferredTokenType: DEFERRED_TOKEN_TYPE,
    };
    return (await import('./products/redirectAuthenticate')).authenticateByUrl(redirectCore, options, href);
  }

  const client = {
    /** The project's public token. */
    publicToken,
    ...namespaces,
    session: sessionNamespace,
    user: lazy<ReturnType<typeof createUserCore> & ReturnType<typeof createUser>>(
      'user',
      userMethods,
      createUserCore(session),
    ),
    users: lazy<ReturnType<typeof createUsers>>('users', 'search'),
    rbac: createRbac(core),
    /** Reads `stytch_token_type` and `token` from a URL (default: the current page). */
    parseAuthenticateUrl: (href: string = environment.location.href) => parseAuthenticateUrl(href),
    authenticateByUrl,
    /**
     * Starts loading the code of `namespaces` now (e.g. when a sign-in screen appears), so their first call does
     * not wait for it. Resolves once loaded; a failed download rejects, and the next call or preload tries again.
     */
    async preload(namespaces: readonly LazyNamespace[]): Promise<void> {
      validate('preload').isStringArray('namespaces', namespaces);
      for (const name of namespaces) {
        validate('preload').rule(Object.hasOwn(load, name), `"${name}" is not one of ${Object.keys(load).join(', ')}`);
      }
      await Promise.all(namespaces.map((name) => load[name]()));
    },
    /** The project's settings (camelCase): `getSync()`, `getAsync()`, `subscribe()`, `getSnapshot()`. */
    bootstrap: {
      getSync: () => bootstrap.getSync(),
      getAsync: () => bootstrap.getAsync(),
      getSnapshot: bootstrap.getSnapshot,
      subscribe: bootstrap.subscribe,
    },
    /** Telemetry: queue an event for `POST /events` (batched). */
    events: {
      log: (name: string, details?: Record<string, unknown>) => events.log(name, details),
      flush: () => events.flush(),
    },
    /** Stops refresh timers and tab listeners, and sends queued telemetry. The client is unusable afterwards. */
    destroy() {
      session.destroy();
      void events.flush().finally(() => events.destroy());
      if (!onServer) liveClients.delete(publicToken);
    },
  };
  // On the server nothing starts (no telemetry, no session check, no listener): the browser's client does that.
  if (onServer) return client;
  events.log('sdk_instance_instantiated', {
    event_callback_registered: false,
    error_callback_registered: false,
    success_callback_registered: false,
  });
  session.start(() => sessionNamespace.authenticate(backgroundRefreshOptions(core)));
  return client;
}
