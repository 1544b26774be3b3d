import { createRemoteJWKSet, customFetch, errors, type FetchImplementation, type JWTPayload, jwtVerify } from 'jose';
import { type CookieSource, readSessionCookies, type SessionCookieNames } from './cookies';
import { LatchkeyServerError } from './errors';
import {
  type AuthenticatedSession,
  SESSION_CLAIM,
  type SessionClaim,
  type SessionJwtClaims,
  type VerifiedSession,
} from './types';

/** Options of `createLatchkeyServer`. */
export interface LatchkeyServerOptions {
  /** Where the provider answers, e.g. `https://auth.example.com` (its `/.well-known/jwks.json` and `/v1/…`). */
  providerUrl: string;
  /** The project id (`project-test-…` / `project-live-…`): the JWT audience and the user of server calls. */
  projectId: string;
  /** The project's secret key: needed by `authenticateSession` only. Keep it on the server. */
  secretKey?: string;
  /** The expected `aud`. Default: `projectId`. */
  audience?: string;
  /** The expected `iss`. Default: `latchkey/{projectId}`, what the provider signs. */
  issuer?: string;
  /**
   * The JWKS address. Default: `{providerUrl}/.well-known/jwks.json`. Checked like `providerUrl` (https, or plain http
   * on loopback or with `allowInsecureHttp`; no credentials): whoever can change the keys can sign sessions.
   */
  jwksUrl?: string;
  /** The fetch used for the JWKS and the provider's server calls. Default: the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** Seconds of clock skew allowed on `exp` and `nbf`. Default 5. */
  clockToleranceSeconds?: number;
  /**
   * Seconds after a JWKS fetch before another one: after a successful fetch, a token with an unknown key id is
   * refused without fetching again; after a failed one (network error, non-200, not a JWK set), nothing fetches
   * again and verifications that need a fetch fail with `unavailable`. Default 30.
   */
  jwksCooldownSeconds?: number;
  /**
   * How long the fetched keys are used before the JWKS is fetched again, in seconds: a key withdrawn from the
   * provider's JWKS (retired, or removed after a leak) keeps verifying here until then. Default 300 (5 minutes).
   */
  jwksCacheMaxAgeSeconds?: number;
  /** The cookie names, when the SDK was configured with other ones. */
  cookieNames?: SessionCookieNames;
  /**
   * The current time in epoch milliseconds, for the tokens' `exp` and `nbf` (tests). Default `Date.now()`. The JWKS
   * cache age and cooldowns follow `Date.now()` (jose's clock) whatever this is.
   */
  now?: () => number;
  /** Allow a plain `http:` `providerUrl` or `jwksUrl` on a host that is not loopback (a private network). Default false. */
  allowInsecureHttp?: boolean;
}

/** Options of one `authenticateSession` call. */
export interface AuthenticateSessionOptions {
  signal?: AbortSignal;
}

/** What `createLatchkeyServer` returns. */
export interface LatchkeyServer {
  /**
   * Verifies a session JWT locally against the provider's JWKS; throws a LatchkeyServerError when it is not valid now.
   * Local: it sees neither a revocation nor a key withdrawn from the JWKS before its cached keys expire.
   */
  verifySession(sessionJwt: string): Promise<VerifiedSession>;
  /** Asks the provider whether an opaque session token is live (secret key required); revocation counts at once. */
  authenticateSession(sessionToken: string, options?: AuthenticateSessionOptions): Promise<AuthenticatedSession>;
  /**
   * `verifySession` on the session JWT cookie of a Request; null when it has none. A session cookie sent twice with
   * different values is refused with `ambiguous_session_cookie`, before any network call (see `readSessionCookies`).
   */
  sessionFromRequest(request: Request): Promise<VerifiedSession | null>;
  /**
   * `verifySession` on the session JWT cookie of a Request, its Headers (Next.js `await headers()`), a Cookie
   * header's text or a cookie store; null when it has none. Refuses duplicates like `sessionFromRequest`; a cookie
   * store (Next.js `cookies()`) has already dropped them, so prefer the Request or its Headers.
   */
  sessionFromCookies(cookies: CookieSource): Promise<VerifiedSession | null>;
  /**
   * `authenticateSession` on the opaque session cookie of a Request, Headers, Cookie header or cookie store; null
   * when it has none. Refuses duplicates like `sessionFromRequest`.
   */
  authenticateRequest(source: CookieSource, options?: AuthenticateSessionOptions): Promise<AuthenticatedSession | null>;
}

const LOOPBACK_HOST = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * `value` as an http(s) URL without credentials, and plain http only on loopback or with `allowInsecureHttp`: used
 * for `providerUrl` (the secret key and sessions travel there) and `jwksUrl` (the keys every session is checked
 * against come from there: whoever can change them in transit can sign sessions).
 */
function checkedUrl(name: 'providerUrl' | 'jwksUrl', value: unknown, options: LatchkeyServerOptions): URL {
  if (typeof value !== 'string' || !URL.canParse(value)) {
    throw new TypeError(`createLatchkeyServer: ${name} must be an absolute URL, got ${JSON.stringify(value)}`);
  }
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`createLatchkeyServer: ${name} must be http(s), got ${url.protocol}`);
  }
  if (url.protocol === 'http:' && !LOOPBACK_HOST.test(url.hostname) && !options.allowInsecureHttp) {
    const risk =
      name === 'jwksUrl'
        ? 'anyone on the way could swap the keys and sign sessions of their own'
        : 'the secret key and sessions would cross the network in clear';
    throw new TypeError(
      `createLatchkeyServer: ${name} ${url.origin} is plain http on a host that is not loopback: ${risk}. Use https, or pass allowInsecureHttp: true for a private network.`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    const instead = name === 'providerUrl' ? '; pass secretKey instead' : '';
    throw new TypeError(`createLatchkeyServer: ${name} must not carry credentials${instead}.`);
  }
  return url;
}

function baseUrlOf(options: LatchkeyServerOptions): string {
  const url = checkedUrl('providerUrl', options.providerUrl, options);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** A duration option in seconds, as milliseconds. */
function millisecondsOf(name: string, value: number | undefined, fallbackSeconds: number): number {
  const seconds = value ?? fallbackSeconds;
  if (typeof seconds !== 'number' || Number.isNaN(seconds) || seconds < 0) {
    throw new TypeError(`createLatchkeyServer: ${name} must be a number of seconds, 0 or more; got ${String(value)}`);
  }
  return seconds * 1000;
}

function basicAuth(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The session claim, checked for the fields the returned session needs. */
function sessionClaimOf(payload: JWTPayload): SessionClaim {
  const claim = payload[SESSION_CLAIM];
  if (
    !isObject(claim) ||
    typeof claim.id !== 'string' ||
    typeof claim.started_at !== 'string' ||
    typeof claim.last_accessed_at !== 'string' ||
    typeof claim.expires_at !== 'string' ||
    !Array.isArray(claim.authentication_factors) ||
    typeof payload.sub !== 'string'
  ) {
    throw new LatchkeyServerError(
      'malformed_token',
      `The session JWT is signed but lacks the session claim (${SESSION_CLAIM}) or its subject: it is not a Latchkey session JWT.`,
    );
  }
  return claim as unknown as SessionClaim;
}

/** Maps what jose throws to our codes, with a message that says what was wrong. */
function verificationError(error: unknown, expected: { audience: string; issuer: string }): LatchkeyServerError {
  if (error instanceof LatchkeyServerError) return error;
  if (error instanceof errors.JWTExpired) {
    return new LatchkeyServerError('session_expired', 'The session JWT has expired.', { cause: error });
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') {
      return new LatchkeyServerError(
        'wrong_audience',
        `The session JWT is for another audience; this server accepts only ${expected.audience}.`,
        { cause: error },
      );
    }
    if (error.claim === 'iss') {
      return new LatchkeyServerError(
        'wrong_issuer',
        `The session JWT was issued by someone else; this server accepts only ${expected.issuer}.`,
        { cause: error },
      );
    }
    if (error.claim === 'nbf') {
      return new LatchkeyServerError('session_not_yet_valid', 'The session JWT is not valid yet (nbf).', {
        cause: error,
      });
    }
    return new LatchkeyServerError('malformed_token', `The session JWT's claims are invalid: ${error.message}.`, {
      cause: error,
    });
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return new LatchkeyServerError('invalid_signature', 'The session JWT signature does not verify.', {
      cause: error,
    });
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return new LatchkeyServerError(
      'invalid_signature',
      "The session JWT was signed with a key that is not in the provider's JWKS.",
      { cause: error },
    );
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
    return new LatchkeyServerError('invalid_signature', 'The session JWT is not signed with ES256.', { cause: error });
  }
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) {
    return new LatchkeyServerError('malformed_token', `The session JWT is malformed: ${error.message}.`, {
      cause: error,
    });
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return new LatchkeyServerError('unavailable', `The provider's JWKS could not be read: ${error.message}.`, {
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new LatchkeyServerError('unavailable', `The provider's JWKS could not be fetched: ${message}.`, {
    cause: error,
  });
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    throw new LatchkeyServerError('unavailable', `The provider answered ${response.status} without JSON.`, {
      cause: error,
      status: response.status,
    });
  }
}

/** The provider's error body as our error. */
function providerError(status: number, body: unknown, retryAfter: string | null): LatchkeyServerError {
  const fields = isObject(body) ? body : {};
  const type = typeof fields.error_type === 'string' ? fields.error_type : undefined;
  const providerMessage = typeof fields.error_message === 'string' ? fields.error_message : undefined;
  const requestId = typeof fields.request_id === 'string' ? fields.request_id : undefined;
  const details = isObject(fields.error_details) ? fields.error_details : {};
  const options = { status, requestId };
  if (type === 'session_not_found') {
    if (details.reason === 'revoked')
      return new LatchkeyServerError('session_revoked', 'The session was revoked.', options);
    if (details.reason === 'expired')
      return new LatchkeyServerError('session_expired', 'The session has expired.', options);
    return new LatchkeyServerError('session_not_found', 'The provider does not know this session token.', options);
  }
  if (type === 'invalid_secret_authentication') {
    return new LatchkeyServerError(
      'invalid_credentials',
      providerMessage ?? 'The provider refused the secret key.',
      options,
    );
  }
  if (type === 'invalid_session_token') {
    return new LatchkeyServerError('malformed_token', providerMessage ?? 'Invalid session token.', options);
  }
  if (type === 'too_many_requests') {
    const seconds = retryAfter === null ? undefined : Number(retryAfter);
    return new LatchkeyServerError(
      'rate_limited',
      'The provider refused too many wrong secret keys from this address; wait and try again.',
      { ...options, retryAfterSeconds: Number.isFinite(seconds) ? seconds : undefined },
    );
  }
  const what = type === undefined ? `HTTP ${status}` : `${status} ${type}`;
  return new LatchkeyServerError(
    'unavailable',
    `The provider answered ${what}${providerMessage ? `: ${providerMessage}` : ''}.`,
    options,
  );
}

/**
 * Creates the server-side helpers for one project: `verifySession` (local, JWKS cached and refreshed on an unknown
 * key id), `authenticateSession` (the provider, with the secret key), and the cookie readers.
 */
export function createLatchkeyServer(options: LatchkeyServerOptions): LatchkeyServer {
  const base = baseUrlOf(options);
  if (typeof options.projectId !== 'string' || options.projectId === '') {
    throw new TypeError('createLatchkeyServer: projectId is required (the JWT audience, e.g. project-test-…).');
  }
  const audience = options.audience ?? options.projectId;
  const issuer = options.issuer ?? `latchkey/${options.projectId}`;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const clockTolerance = options.clockToleranceSeconds ?? 5;
  const jwksUrl =
    options.jwksUrl === undefined
      ? new URL(`${base}/.well-known/jwks.json`)
      : checkedUrl('jwksUrl', options.jwksUrl, options);
  const cooldownMs = millisecondsOf('jwksCooldownSeconds', options.jwksCooldownSeconds, 30);

  // jose's cooldown only follows a *successful* fetch: while the JWKS cannot be fetched (provider down, 503), every
  // verification that needs it (no keys yet, keys past their age, an unknown key id) would fetch again, so forged
  // key ids, or plain traffic, would hammer a provider that is already failing. So a failed fetch is remembered, and
  // until the cooldown has passed the fetch below fails at once, without a request, the same way. Keys already
  // cached and within their age keep verifying meanwhile (jose fetches nothing for them); only what needs a fetch
  // fails. Timed with Date.now(), like jose's own cooldown and cache age.
  let lastFailure: { at: number; error: unknown } | undefined;
  const remember = (error: unknown): never => {
    lastFailure = { at: Date.now(), error };
    throw error;
  };
  const fetchJwks: FetchImplementation = async (url, init) => {
    if (lastFailure !== undefined && Date.now() < lastFailure.at + cooldownMs) {
      const { error } = lastFailure;
      const reason = error instanceof Error ? error.message : String(error);
      throw new LatchkeyServerError(
        'unavailable',
        `The provider's JWKS could not be fetched (${reason}); it is not fetched again until ${cooldownMs / 1000} s after that failure (jwksCooldownSeconds).`,
        { cause: error },
      );
    }
    const response = await fetchImpl(url, init).catch(remember);
    if (response.status !== 200) remember(new Error(`the provider answered HTTP ${response.status}`));
    // jose parses the body; a copy is read here so that a 200 that is not a JWK set counts as a failure too.
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    if (!isObject(body) || !Array.isArray(body.keys)) remember(new Error('the provider answered no JWK set'));
    lastFailure = undefined;
    return response;
  };
  const jwks = createRemoteJWKSet(jwksUrl, {
    cooldownDuration: cooldownMs,
    // jose keeps keys 10 minutes by default; 5 is in line with how long the provider keeps a superseded key published
    // (a JWT's 5-minute life plus about a minute), so a key withdrawn from the JWKS stops verifying here sooner.
    cacheMaxAge: millisecondsOf('jwksCacheMaxAgeSeconds', options.jwksCacheMaxAgeSeconds, 300),
    [customFetch]: fetchJwks,
  });

  async function verifySession(sessionJwt: string): Promise<VerifiedSession> {
    if (typeof sessionJwt !== 'string' || sessionJwt.split('.').length !== 3) {
      throw new LatchkeyServerError('malformed_token', 'The session JWT is malformed: it is not a compact JWS.');
    }
    try {
      const { payload } = await jwtVerify(sessionJwt, jwks, {
        algorithms: ['ES256'],
        audience,
        issuer,
        clockTolerance,
        currentDate: new Date(now()),
        // Like the provider: a JWT without an expiry is never accepted.
        requiredClaims: ['exp', 'sub'],
      });
      const claim = sessionClaimOf(payload);
      const claims = payload as unknown as SessionJwtClaims;
      const roles = Array.isArray(claims.roles) ? claims.roles : [];
      // An impersonated session names who really acts in the actor claim, `act: {sub}` (RFC 8693 §4.1): it becomes
      // `impersonator_id`, as `authenticateSession` answers it, so a check on it holds whichever way was verified.
      const impersonatorId = isObject(claims.act) && typeof claims.act.sub === 'string' ? claims.act.sub : undefined;
      return {
        userId: claims.sub,
        sessionId: claim.id,
        session: {
          session_id: claim.id,
          user_id: claims.sub,
          started_at: claim.started_at,
          last_accessed_at: claim.last_accessed_at,
          expires_at: claim.expires_at,
          attributes: claim.attributes,
          authentication_factors: claim.authentication_factors,
          roles,
          ...(impersonatorId === undefined ? {} : { impersonator_id: impersonatorId }),
        },
        claims,
      };
    } catch (error) {
      throw verificationError(error, { audience, issuer });
    }
  }

  async function authenticateSession(
    sessionToken: string,
    callOptions: AuthenticateSessionOptions = {},
  ): Promise<AuthenticatedSession> {
    if (options.secretKey === undefined || options.secretKey === '') {
      throw new LatchkeyServerError(
        'missing_credentials',
        "authenticateSession needs the project's secret key: pass secretKey to createLatchkeyServer (never the public token).",
      );
    }
    if (typeof sessionToken !== 'string' || sessionToken === '') {
      throw new LatchkeyServerError('malformed_token', 'The session token is empty.');
    }
    if (sessionToken.split('.').length === 3) {
      throw new LatchkeyServerError(
        'malformed_token',
        'That is a session JWT: authenticateSession takes the opaque session token (the stytch_session cookie); verify JWTs with verifySession.',
      );
    }
    let response: Response;
    try {
      response = await fetchImpl(`${base}/v1/sessions/authenticate`, {
        method: 'POST',
        headers: {
          authorization: basicAuth(options.projectId, options.secretKey),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ session_token: sessionToken }),
        signal: callOptions.signal,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new LatchkeyServerError('unavailable', `The provider could not be reached: ${message}.`, { cause: error });
    }
    const body = await readJson(response);
    if (!response.ok) throw providerError(response.status, body, response.headers.get('retry-after'));
    const data = isObject(body) && isObject(body.data) ? body.data : null;
    if (!data || !isObject(data.session) || !isObject(data.user) || typeof data.session_jwt !== 'string') {
      throw new LatchkeyServerError('unavailable', 'The provider answered without the session and user.', {
        status: response.status,
      });
    }
    const session = data.session as unknown as AuthenticatedSession['session'];
    return {
      userId: session.user_id,
      sessionId: session.session_id,
      session,
      user: data.user as unknown as AuthenticatedSession['user'],
      sessionJwt: data.session_jwt,
    };
  }

  async function sessionFromCookies(cookies: CookieSource): Promise<VerifiedSession | null> {
    // Throws ambiguous_session_cookie when either session cookie was sent twice with different values.
    const { sessionJwt } = readSessionCookies(cookies, options.cookieNames);
    return sessionJwt === null ? null : verifySession(sessionJwt);
  }

  return {
    verifySession,
    authenticateSession,
    sessionFromRequest: (request) => sessionFromCookies(request),
    sessionFromCookies,
    async authenticateRequest(source, callOptions) {
      const { sessionToken } = readSessionCookies(source, options.cookieNames);
      return sessionToken === null ? null : authenticateSession(sessionToken, callOptions);
    },
  };
}
