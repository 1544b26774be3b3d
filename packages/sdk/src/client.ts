import type { LatchkeyEnvironment } from './environment';
import { resolveEnvironment } from './environment';
import { type AuthenticateTokenType, parseAuthenticateUrl, urlWithoutToken } from './internal/authenticateUrl';
import { type BaseUrlOptions, resolveBaseUrl } from './internal/baseUrl';
import { BootstrapStore } from './internal/bootstrap';
import {
  type CaptchaProvider,
  type ClientContext,
  createCall,
  createSessionChecks,
  type DfpProvider,
} from './internal/context';
import { EventLogger } from './internal/eventLogger';
import { NetworkClient } from './internal/networkClient';
import { PkceStore } from './internal/pkce';
import { createRbac } from './internal/rbac';
import { type CookieOptions, SessionManager } from './internal/sessionManager';
import { createCryptoWallets } from './products/cryptoWallets';
import { createIdp } from './products/idp';
import { createImpersonation } from './products/impersonation';
import { createMagicLinks } from './products/magicLinks';
import { createOAuth } from './products/oauth';
import { createOtps } from './products/otps';
import { createPasswords } from './products/passwords';
import { backgroundRefreshOptions, createSessionNamespace } from './products/session';
import { createTotps } from './products/totps';
import { createUser } from './products/user';
import { createUsers } from './products/users';
import { createWebAuthn } from './products/webauthn';
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
}

const liveClients = new Set<string>();

/** What `authenticateByUrl` did with the token of the page URL. */
export type AuthenticateByUrlResult =
  | { tokenType: Exclude<AuthenticateTokenType, 'reset_password'>; token: string; handled: true; data: unknown }
  | { tokenType: 'reset_password'; token: string; handled: false };

/** The client: one namespace per product, plus sessions, bootstrap, RBAC and telemetry. */
export type LatchkeyClient = ReturnType<typeof buildClient>;

/**
 * Creates the Latchkey client for a project's public token. Call it once per page, in the browser;
 * on the server it throws. A second client for the same token warns.
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
  return buildClient(publicToken, options);
}

function buildClient(publicToken: string, options: ClientOptions) {
  const environment = resolveEnvironment(options.environment);
  if (!publicToken.startsWith('public-token-')) {
    environment.logger.warn(
      `The public token "${publicToken}" does not start with "public-token-". Check that you copied the public token.`,
    );
  }
  if (liveClients.has(publicToken)) {
    environment.logger.warn(
      "It looks like you're creating multiple copies of the client. Create one client per page and share it.",
    );
  }
  liveClients.add(publicToken);

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
  const bootstrap = new BootstrapStore(network, environment, publicToken, stateKey, options.bootstrapTimeoutMs ?? 5000);
  const events = new EventLogger({ environment, publicToken, apiUrl, getIdentity });
  const context: ClientContext = {
    publicToken,
    environment,
    network,
    bootstrap,
    session,
    pkce: new PkceStore(environment.storage, environment.crypto, stateKey),
    events,
    apiUrl,
    stateKey,
    keepSessionAlive: options.keepSessionAlive ?? false,
    call: createCall({
      network,
      bootstrap,
      session,
      captchaProvider: options.captchaProvider,
      dfpProvider: options.dfpProvider,
    }),
    ...createSessionChecks(session),
  };

  const sessionNamespace = createSessionNamespace(context);
  const magicLinks = createMagicLinks(context);
  const oauth = createOAuth(context);
  const impersonation = createImpersonation(context);

  /**
   * Authenticates the token a redirect brought back in the page URL (`?stytch_token_type=…&token=…`), then removes
   * both parameters from the address bar so a reload cannot replay a used token. `magic_links` and `login` (the
   * 'log in without a password' link of a reset email) are magic-link tokens; `oauth` and `impersonation` go to
   * their namespaces. A `reset_password` token is returned unconsumed: the reset form needs the new password first.
   * Answers null when the URL carries no token.
   */
  async function authenticateByUrl(
    options: { session_duration_minutes: number },
    href = environment.location.href,
  ): Promise<AuthenticateByUrlResult | null> {
    validate('authenticateByUrl')
      .isObject('options', options)
      .isNumber('session_duration_minutes', options?.session_duration_minutes);
    const found = parseAuthenticateUrl(href);
    if (!found) return null;
    const { tokenType, token } = found;
    if (tokenType === 'reset_password') return { tokenType, token, handled: false };
    const duration = { session_duration_minutes: options.session_duration_minutes };
    try {
      const data =
        tokenType === 'oauth'
          ? await oauth.authenticate(token, duration)
          : tokenType === 'impersonation'
            ? await impersonation.authenticate({ impersonation_token: token })
            : await magicLinks.authenticate(token, duration);
      return { tokenType, token, handled: true, data };
    } finally {
      if (href === environment.location.href) environment.replaceUrl(urlWithoutToken(href));
    }
  }

  const client = {
    /** The project's public token. */
    publicToken,
    otps: createOtps(context),
    magicLinks,
    passwords: createPasswords(context),
    oauth,
    cryptoWallets: createCryptoWallets(context),
    webauthn: createWebAuthn(context),
    totps: createTotps(context),
    session: sessionNamespace,
    user: createUser(context),
    users: createUsers(context),
    idp: createIdp(context),
    impersonation,
    rbac: createRbac(context),
    /** Reads `stytch_token_type` and `token` from a URL (default: the current page). */
    parseAuthenticateUrl: (href: string = environment.location.href) => parseAuthenticateUrl(href),
    authenticateByUrl,
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
      liveClients.delete(publicToken);
    },
  };
  events.log('sdk_instance_instantiated', {
    event_callback_registered: false,
    error_callback_registered: false,
    success_callback_registered: false,
  });
  session.start(() => sessionNamespace.authenticate(backgroundRefreshOptions(context)));
  return client;
}
