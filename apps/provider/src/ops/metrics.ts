// The provider's Prometheus metrics (prom-client), served at `GET /metrics` when `metrics.enabled`. Code anywhere
// in the provider counts through `deps.metrics`, which is a no-op object when metrics are off, so a call costs
// nothing then and never needs a guard.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import type { ProviderConfig } from '../config';
import type { ProviderEnv } from '../http/context';
import { PRODUCT_SIGN_IN_ROUTES } from '../products/productParts';
import type { Outbox, OutgoingMessage } from '../services/outbox';

/** How a sign-in call ended: answered 2xx/3xx, refused (4xx, including 429), or failed on the server (5xx). */
export type SignInOutcome = 'success' | 'failure' | 'error';
/** What became of one outgoing message. */
export type MessageOutcome = 'sent' | 'failed';
/** A rate limit as the configuration holds it (`rateLimits.*`). */
export interface RateWindow {
  limit: number;
  windowSeconds: number;
}

/** The numbers of a connection pool (PostgreSQL's `pg.Pool` has exactly these). */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly options?: { max?: number };
}

/** What the provider counts. Every method is safe to call whether metrics are on or off. */
export interface ProviderMetrics {
  /** True when `metrics.enabled`: `GET /metrics` exists and the numbers are kept. */
  readonly enabled: boolean;
  /** One answered HTTP request: the route template (never the raw path), the method, the status and its duration. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** One sign-in call (`otp`, `password`, …; see SIGN_IN_ROUTES) and how it ended. */
  signIn(method: string, outcome: SignInOutcome): void;
  /** One guess refused because the user reached `lockout.maxFailuresPerUser` (`user_lock_limit_reached`). */
  lockout(): void;
  /** One call refused by a rate limit: its name (`sendsPerIp`) or the configured window itself. */
  rateLimited(limit: string | RateWindow): void;
  /** One outgoing message handed over (`sent`) or given up on (`failed`). */
  message(channel: OutgoingMessage['channel'] | string, outcome: MessageOutcome): void;
  /** Reports the pool's connections in `latchkey_db_pool_connections` (PostgreSQL). */
  observePool(pool: PoolStats): void;
  /** The Prometheus text exposition of every metric. */
  render(): Promise<string>;
  /** The Content-Type of `render()`'s text. */
  readonly contentType: string;
  /** Stops the process collectors' timers. */
  close(): void;
}

/** Counts nothing; `render()` is empty. What `deps.metrics` is when metrics are off. */
export const NOOP_METRICS: ProviderMetrics = {
  enabled: false,
  request() {},
  signIn() {},
  lockout() {},
  rateLimited() {},
  message() {},
  observePool() {},
  render: async () => '',
  contentType: 'text/plain; version=0.0.4; charset=utf-8',
  close() {},
};

/**
 * The sign-in calls, by method and route template, with their label (the products' descriptors' `signInRoutes`): each
 * starts (or extends) a session when it succeeds. Counted once per call by the request middleware (http/app.ts), from
 * the answer's status, so no route counts for itself.
 */
export const SIGN_IN_ROUTES: Readonly<Record<string, string>> = PRODUCT_SIGN_IN_ROUTES;

/** The sign-in method of a route, or undefined when the route signs nobody in. */
export function signInMethod(method: string, route: string): string | undefined {
  return SIGN_IN_ROUTES[`${method} ${route}`];
}

/** The outcome label of a sign-in answered with `status`. */
export function signInOutcome(status: number): SignInOutcome {
  return status >= 500 ? 'error' : status >= 400 ? 'failure' : 'success';
}

/** Request durations: a session check takes about a millisecond, a password hash a few hundred. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The metrics of one provider, in a registry of its own (several providers in one process do not mix). prom-client
 * is loaded only when metrics are on.
 */
export async function createMetrics(config: Pick<ProviderConfig, 'metrics' | 'rateLimits'>): Promise<ProviderMetrics> {
  if (!config.metrics.enabled) return NOOP_METRICS;
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'latchkey_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'latchkey_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'latchkey_sign_ins_total',
    help: 'Sign-in calls by method and outcome (success, failure: refused with a 4xx, error: 5xx).',
    labelNames: ['method', 'outcome'] as const,
    registers: [registry],
  });
  const lockouts = new Counter({
    name: 'latchkey_lockouts_total',
    help: 'Guesses refused because the user reached lockout.maxFailuresPerUser (user_lock_limit_reached).',
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'latchkey_rate_limited_total',
    help: 'Calls refused with 429 too_many_requests, by the rateLimits entry that refused them.',
    labelNames: ['limit'] as const,
    registers: [registry],
  });
  const messages = new Counter({
    name: 'latchkey_messages_total',
    help: 'Outgoing messages by channel (email, sms, whatsapp) and outcome (sent, failed).',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  // The pool's gauges exist only once there is a pool to report (PostgreSQL): SQLite has none to show.
  let observedPool: PoolStats | null = null;
  const registerPoolGauges = () => {
    new Gauge({
      name: 'latchkey_db_pool_connections',
      help: 'Database pool connections (PostgreSQL): total open, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        if (!observedPool) return;
        this.set({ state: 'total' }, observedPool.totalCount);
        this.set({ state: 'idle' }, observedPool.idleCount);
        this.set({ state: 'waiting' }, observedPool.waitingCount);
      },
    });
    new Gauge({
      name: 'latchkey_db_pool_max',
      help: 'The most connections the database pool opens (PostgreSQL).',
      registers: [registry],
      collect() {
        const max = observedPool?.options?.max;
        if (max !== undefined) this.set(max);
      },
    });
  };

  // A limit passed as the configured window is named by finding it among the configuration's limits.
  const limitNames = new Map<RateWindow, string>(
    Object.entries(config.rateLimits).map(([name, window]) => [window as RateWindow, name]),
  );

  return {
    enabled: true,
    request(route, method, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
      const signIn = signInMethod(method, route);
      if (signIn !== undefined) signIns.inc({ method: signIn, outcome: signInOutcome(status) });
    },
    signIn(method, outcome) {
      signIns.inc({ method, outcome });
    },
    lockout() {
      lockouts.inc();
    },
    rateLimited(limit) {
      rateLimited.inc({ limit: typeof limit === 'string' ? limit : (limitNames.get(limit) ?? 'other') });
    },
    message(channel, outcome) {
      messages.inc({ channel, outcome });
    },
    observePool(pool) {
      if (observedPool === null) registerPoolGauges();
      observedPool = pool;
    },
    render: () => registry.metrics(),
    contentType: registry.contentType,
    close() {
      registry.clear();
    },
  };
}

/**
 * Wraps an outbox so each message it hands over counts as `sent` and each it throws on as `failed` (the error is
 * rethrown). With an outbox that queues messages, count where the delivery happens instead.
 */
export function countingOutbox(outbox: Outbox, metrics: ProviderMetrics): Outbox {
  if (!metrics.enabled) return outbox;
  return {
    async send(message) {
      try {
        await outbox.send(message);
      } catch (error) {
        metrics.message(message.channel, 'failed');
        throw error;
      }
      metrics.message(message.channel, 'sent');
    },
  };
}

/**
 * Does the `Authorization` header carry `Bearer {token}`? Both sides are hashed first, so the comparison takes the
 * same time whatever the header holds (no length or prefix leaks).
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  // RFC 6750 §2.1 and RFC 9110 §11.1: the scheme is case-insensitive (Prometheus may send `bearer`).
  const credentials = header === undefined ? null : /^bearer +(.*)$/is.exec(header);
  const presented = credentials ? (credentials[1] ?? '').trim() : '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(token)) && presented !== '';
}

/**
 * `GET /metrics`, when metrics are on: the Prometheus text exposition. With a token (`metrics.tokenEnv`) only
 * `Authorization: Bearer {token}` is answered; anything else gets 401 with `WWW-Authenticate: Bearer` (RFC 6750 §3).
 */
export function registerMetricsRoute(app: Hono<ProviderEnv>, metrics: ProviderMetrics, token: string | null): void {
  if (!metrics.enabled) return;
  app.get('/metrics', async (c) => {
    if (token !== null && !bearerMatches(c.req.header('authorization'), token)) {
      return c.json({ status: 'unauthorized' }, 401, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    return c.body(await metrics.render(), 200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
  });
}

/** The bearer token of `GET /metrics`: the value of the variable `metrics.tokenEnv` names (it must be set). */
export function resolveMetricsToken(config: Pick<ProviderConfig, 'metrics'>, env: NodeJS.ProcessEnv): string | null {
  const name = config.metrics.tokenEnv;
  if (!config.metrics.enabled || name === undefined) return null;
  const token = env[name];
  if (!token) {
    throw new Error(
      `metrics.tokenEnv names the environment variable ${name}, which is not set: set it to the bearer token GET /metrics requires.`,
    );
  }
  return token;
}
