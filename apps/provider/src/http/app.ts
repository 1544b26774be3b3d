import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import { logRequest } from '../ops/logging';
import { LIMITED_BODIES, NAVIGATION_PATHS, OPEN_CORS_PATHS } from '../products/productParts';
import { newId } from '../services/secrets';
import {
  clientIp,
  isTrustedProxy,
  type ProviderContext,
  type ProviderDeps,
  type ProviderEnv,
  peerAddress,
} from './context';
import { ERROR_URL_BASE, ProviderError, SchemaError } from './errors';

/** The largest request body accepted (a batch of 100 telemetry events fits). */
export const MAX_BODY_BYTES = 256 * 1024;

const SDK_HEADERS = 'authorization,content-type,x-sdk-client,x-sdk-parent-host';

/** The headers that let an allowed origin read a credentialed answer. */
function corsHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'retry-after, x-request-id',
    vary: 'Origin',
  };
}

/**
 * The standard OAuth 2.1 / OpenID Connect endpoints (discovery, JWKS, token, userinfo, revocation;
 * products/idp/oauth2): relying parties may be browsers on any origin, so these answer every origin with `*` and
 * never with credentials (they take client credentials and bearer tokens in headers or the body, not cookies).
 */
export function isOpenCorsPath(path: string): boolean {
  return OPEN_CORS_PATHS.some((open) => (open.endsWith('*') ? path.startsWith(open.slice(0, -1)) : path === open));
}

/** Whether `path` is one a browser reaches by navigation or a cross-site form (the products' `http.navigationPaths`). */
function isNavigationPath(path: string): boolean {
  return NAVIGATION_PATHS.includes(path);
}

const OPEN_CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'www-authenticate, x-request-id',
};

/**
 * The challenge of the server calls' (`/v1/…`) refused credentials: a 401 MUST carry WWW-Authenticate (RFC 9110
 * §15.5.2), here the Basic scheme they take (RFC 7617 §2, with `charset="UTF-8"` as §2.1 defines). Only there: the
 * SDK's 401s (`/sdk/v1/…`) answer what the contract shows, without one.
 */
const SERVER_CALL_CHALLENGE = 'Basic realm="latchkey", charset="UTF-8"';

function errorBody(requestId: string, error: ProviderError) {
  return {
    status_code: error.status,
    request_id: requestId,
    error_type: error.errorType,
    error_message: error.message,
    error_url: ERROR_URL_BASE,
    ...(error.details === undefined ? {} : { error_details: error.details }),
  };
}

/**
 * The user-id and the password of an HTTP Basic `Authorization` header (RFC 7617), as `user` and `secret` (here always a
 * token or a key: the public token, a session token, the project's secret key); null when it is not one.
 */
export function parseBasicAuth(header: string | undefined): { user: string; secret: string } | null {
  // RFC 9110 §11.1: the scheme is a case-insensitive token (`basic` and `BASIC` are `Basic`, RFC 7617 §2).
  const credentials = header === undefined ? null : /^basic +(.*)$/is.exec(header);
  if (!credentials) return null;
  let decoded: string;
  try {
    decoded = Buffer.from((credentials[1] ?? '').trim(), 'base64').toString('utf8');
  } catch {
    return null;
  }
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { user: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** A request id a trusted proxy may hand on: 1–200 printable ASCII characters, no space, quote or backslash. */
const FORWARDED_REQUEST_ID = /^[\x21\x23-\x5B\x5D-\x7E]{1,200}$/;

/** The request's id: the `X-Request-Id` a trusted proxy sent (config `trustedProxies`), else a new one. */
function requestIdOf(c: ProviderContext, deps: ProviderDeps): string {
  const forwarded = c.req.header('x-request-id');
  if (forwarded !== undefined && FORWARDED_REQUEST_ID.test(forwarded)) {
    if (isTrustedProxy(deps.config.trustedProxies, peerAddress(c))) return forwarded;
  }
  return newId('request-id', deps.environment);
}

/**
 * The template of the route that answered (`/sdk/v1/users/emails/:id`), never the path the client sent: the last
 * matched route that is not middleware, else the middleware pattern that answered (`/sdk/v1/*` for a preflight or
 * an unknown path under it, `/*` for any other unknown path).
 */
export function routeTemplate(c: Context<ProviderEnv>): string {
  const routes = matchedRoutes(c);
  for (let index = routes.length - 1; index >= 0; index -= 1) {
    const route = routes[index];
    if (route && route.method !== 'ALL') return route.path;
  }
  return routes.at(-1)?.path ?? '/*';
}

/**
 * The Hono application: request ids, the request log and metrics, CORS for the project's origins, Basic auth on
 * `/sdk/v1`, the SDK's success and error envelopes and the routes. Every failure becomes a JSON error body; nothing
 * leaks a stack.
 */
export function createApp(deps: ProviderDeps, register: (app: Hono<ProviderEnv>) => void): Hono<ProviderEnv> {
  const app = new Hono<ProviderEnv>();
  const project = deps.config.project;
  const { log, metrics } = deps;

  // First, so it sees every answer, errors and refusals of the middleware below included: one log line and one
  // metrics observation per request. Nothing of the request but its method and route template is recorded.
  app.use('*', async (c, next) => {
    const started = performance.now();
    c.set('requestId', requestIdOf(c, deps));
    c.set('deps', deps);
    await next();
    const status = c.res.status;
    if (!metrics.enabled && status < 500 && !log.isLevelEnabled('info')) return;
    const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
    const route = routeTemplate(c);
    metrics.request(route, c.req.method, status, durationMs / 1000);
    const err = c.get('unexpectedError');
    logRequest(log, {
      reqId: c.get('requestId'),
      method: c.req.method,
      route,
      status,
      durationMs,
      ip: clientIp(c),
      ...(err === undefined ? {} : { err }),
    });
  });

  // A NUL in the path (`%00`) can name nothing: PostgreSQL refuses it in a text value (a 500 for a path parameter
  // reaching a query), SQLite would look it up. Refused alike on both databases before any route, as bodies are.
  app.use('*', async (c, next) => {
    if (c.req.path.includes('\u0000') || /%00/.test(c.req.url)) throw new ProviderError('not_found');
    await next();
  });

  app.use('*', async (c, next) => {
    if (isOpenCorsPath(c.req.path)) {
      if (c.req.method === 'OPTIONS') {
        return new Response(null, {
          status: 204,
          headers: {
            ...OPEN_CORS_HEADERS,
            'access-control-allow-methods': 'GET, POST, OPTIONS',
            'access-control-allow-headers': 'authorization, content-type',
            'access-control-max-age': '600',
            'x-request-id': c.get('requestId'),
          },
        });
      }
      c.header('x-request-id', c.get('requestId'));
      for (const [name, value] of Object.entries(OPEN_CORS_HEADERS)) c.header(name, value);
      return next();
    }
    if (isNavigationPath(c.req.path)) {
      // Reached by navigation, and by forms other sites post (Apple's `form_post` callback, whose Origin is Apple's or
      // `null`): no CORS answer, and no refusal by Origin. What protects them is their own check (the OAuth state and
      // the browser's binding cookie), never a header the page can read.
      c.header('x-request-id', c.get('requestId'));
      return next();
    }
    // Fetch standard, "CORS protocol and HTTP caches": an answer whose Access-Control-Allow-Origin depends on Origin
    // says so on every answer, those to requests without one (or with one refused) included, so no shared cache hands
    // one origin's answer to another.
    c.header('vary', 'Origin', { append: true });
    const origin = c.req.header('origin');
    const allowed = origin !== undefined && project.allowedOrigins.includes(origin);
    if (c.req.method === 'OPTIONS') {
      if (!allowed) throw new ProviderError('origin_not_allowed');
      return new Response(null, {
        status: 204,
        headers: {
          ...corsHeaders(origin),
          'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
          'access-control-allow-headers': SDK_HEADERS,
          'access-control-max-age': '600',
          'x-request-id': c.get('requestId'),
        },
      });
    }
    // Requests without an Origin header come from servers and tools, not browsers; a browser always sends one.
    if (origin !== undefined && !allowed) throw new ProviderError('origin_not_allowed');
    // Set before the answer exists, so every c.json() carries them: touching `c.res.headers` afterwards would
    // make the Node adapter build a full Response for every request. (Every route answers through `c`.)
    c.header('x-request-id', c.get('requestId'));
    if (allowed) {
      for (const [name, value] of Object.entries(corsHeaders(origin))) {
        if (name !== 'vary') c.header(name, value);
      }
    }
    await next();
  });

  // No call needs more than a few kilobytes; a large body is refused before it is read. A request that
  // declares its size (HTTP clients always do, and Node's parser holds the body to it) is judged by the
  // header alone, so the Node adapter never has to build a full Request; only a body of unknown size
  // (chunked) is counted as it streams, by Hono's bodyLimit.
  const countBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ProviderError('request_too_large');
    },
  });
  const limitBody = (c: Parameters<typeof countBody>[0], next: Parameters<typeof countBody>[1]) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(length) > MAX_BODY_BYTES) throw new ProviderError('request_too_large');
      return next();
    }
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return countBody(c, next);
  };
  app.use('/sdk/v1/*', limitBody);
  // The server calls (`/v1/…`, secret-key auth in the route) are held to the same limit.
  app.use('/v1/*', limitBody);
  // The products' routes outside those that take a body (the identity provider's token, userinfo and revocation).
  for (const pattern of LIMITED_BODIES) app.use(pattern, limitBody);

  // `/events` carries no Authorization header (the SDK sends it without one); everything else under /sdk/v1 does.
  app.use('/sdk/v1/*', async (c, next) => {
    if (c.req.path === '/sdk/v1/events') return next();
    const credentials = parseBasicAuth(c.req.header('authorization'));
    if (!credentials || credentials.user !== project.publicToken) throw new ProviderError('unauthorized_credentials');
    const sessionToken =
      credentials.secret === credentials.user || credentials.secret === '' ? null : credentials.secret;
    c.set('auth', { publicToken: credentials.user, sessionToken });
    return next();
  });

  register(app);

  app.notFound((c) => {
    const error = new ProviderError('not_found');
    return c.json(errorBody(c.get('requestId') ?? newId('request-id', deps.environment), error), 404);
  });

  app.onError((error, c) => {
    const requestId = c.get('requestId') ?? newId('request-id', deps.environment);
    const origin = c.req.header('origin');
    const allowed = origin !== undefined && project.allowedOrigins.includes(origin);
    const headers: Record<string, string> = {
      'x-request-id': requestId,
      ...(isOpenCorsPath(c.req.path) ? OPEN_CORS_HEADERS : allowed ? corsHeaders(origin) : {}),
    };
    if (error instanceof SchemaError) {
      return c.json({ status_code: 400, request_id: requestId, [error.location]: error.issues }, 400, headers);
    }
    if (error instanceof ProviderError) {
      if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
      if (error.errorType === 'invalid_secret_authentication' && c.req.path.startsWith('/v1/')) {
        headers['www-authenticate'] = SERVER_CALL_CHALLENGE;
      }
      return c.json(errorBody(requestId, error), error.status as 400, headers);
    }
    // The client went away while its body was read (the Node adapter aborts the request's signal): nobody reads the
    // answer, and it is the client's doing, not an error of this server to log with a stack and count as a 5xx.
    if (c.req.raw.signal.aborted) return c.body(null, 400, headers);
    // Logged with the request's line (above), scrubbed of anything that looks like a secret or an identifier.
    c.set('unexpectedError', error);
    return c.json(errorBody(requestId, new ProviderError('internal_server_error')), 500, headers);
  });

  return app;
}
