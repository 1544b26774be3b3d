import type { Hono } from 'hono';
import { type ProviderConfig, type ProviderConfigInput, parseConfig } from './config';
import { DEFAULT_SQLITE_PATH, openDatabase, type ProviderDatabase } from './db/database';
import { createApp } from './http/app';
import type { Clock, ProviderBindings, ProviderDeps, ProviderEnv } from './http/context';
import { type Lifecycle, registerHealthRoutes } from './ops/health';
import { createLogger, type ProviderLogger } from './ops/logging';
import { createMetrics, type ProviderMetrics, registerMetricsRoute, resolveMetricsToken } from './ops/metrics';
import { createPurgeScheduler, type PurgeResult, runPurge } from './ops/purge';
import { effectiveRetention, retentionOf, startAnnouncing } from './ops/retention';
import { PRODUCT_DESCRIPTORS } from './products/descriptors';
import { PROVIDER_PRODUCTS } from './products/registry';
import { registerDevInboxRoutes } from './routes/devInbox';
import { registerProjectRoutes } from './routes/project';
import { registerServerSessionRoutes } from './routes/serverSessions';
import { registerSessionRoutes } from './routes/sessions';
import { registerUserRoutes } from './routes/users';
import {
  ENCRYPTION_KEY_ALIAS,
  ENCRYPTION_KEY_ENV,
  type EncryptionKeySource,
  resolveEncryptionKey,
} from './services/encryptionKey';
import { resolveHmacKey } from './services/hmacKey';
import {
  createDevInbox,
  createSmtpOutbox,
  type InboxMessage,
  type Outbox,
  type PhoneSender,
  routeByChannel,
} from './services/outbox';
import { createOutboxWorker, type OutboxWorker } from './services/outboxWorker';
import { resolveSecretKey, type SecretKeySource, storeProject } from './services/secretKey';
import { randomToken } from './services/secrets';
import { SessionSigner } from './services/signer';
import {
  type KeyListing,
  keySealing as keySealingOf,
  listSigningKeys,
  type RotatedKey,
  rotateSigningKeys,
} from './services/signingKeys';
import { createTwilioSender, twilioChannels } from './services/twilio';

export interface CreateProviderOptions {
  /** `:memory:`, a SQLite file path, a `postgres://` URL, or an open database. Default `.data/latchkey.sqlite`. */
  db?: string | ProviderDatabase;
  /** The configuration (as in `latchkey.config.json`); missing fields take their defaults. */
  config?: ProviderConfigInput | ProviderConfig;
  /** Time source; tests pass one they can move. */
  clock?: Clock;
  /**
   * Where every outgoing message is delivered (behind the outbox table, with retries). Default: SMTP for email when
   * configured, else the development inbox.
   */
  outbox?: Outbox;
  /**
   * Delivers text and WhatsApp messages when no `outbox` is given. Default: Twilio when `phone.twilio` is configured,
   * else the development inbox.
   */
  phoneSender?: PhoneSender;
  /**
   * Run the background jobs: the outbox worker's poll for messages due (retries, messages another instance left) and
   * the periodic purge (`purge.enabled`). Default true; false leaves them to `provider.outbox.deliverDue()` and
   * `provider.purge()`.
   */
  background?: boolean;
  /**
   * The provider's HMAC key (at least 32 bytes; hex or base64 text, or bytes): passcodes are stored as an HMAC under
   * it, and subkeys of it make wallet challenge nonces, sign-in tickets, social sign-in flow secrets and the outbox's
   * payload key. Default: `LATCHKEY_HMAC_KEY`; in development a key file beside the SQLite file, or a random key for
   * an in-memory or already-open database. Production refuses to start without one.
   */
  hmacKey?: string | Buffer;
  /**
   * @deprecated Use `hmacKey` (the same key, named by purpose). Still accepted; giving both with different keys is
   * an error.
   */
  passcodeKey?: string | Buffer;
  /**
   * The project's secret key for server calls (`/v1/…`, HTTP Basic `project id:secret key`); only its SHA-256 is
   * stored. Default: `LATCHKEY_SECRET_KEY`; in development a key file beside the SQLite file (created on first
   * start). Without any, the database keeps the hash an earlier start stored, or server calls are refused.
   */
  secretKey?: string;
  /**
   * The provider's encryption key (at least 32 bytes; hex or base64 text, or bytes): subkeys of it encrypt
   * authenticator-app (TOTP) secrets and social sign-in provider values, and key the recovery codes. Default:
   * `LATCHKEY_ENCRYPTION_KEY`; in development a key file beside the SQLite file, or a random key for an in-memory,
   * already-open or PostgreSQL database. Production refuses to start without one.
   */
  encryptionKey?: string | Buffer;
  // Its deprecated name (services/encryptionKey.ts' ENCRYPTION_KEY_ALIAS) is declared by the product that named it.
  /**
   * Where the request log goes (ops/logging.ts; `createLogger(config)` gives the one the command line uses). Default:
   * only requests that fail on the server (5xx), with their error, to standard error.
   */
  logger?: ProviderLogger;
}

/** Where the secret key for server calls comes from (never the key itself). */
export interface SecretKeyInfo {
  source: SecretKeySource;
  /** The development key file (`<sqlite file>.secret-key`, mode 0600) when the key is kept there. */
  file: string | null;
}

/** Where the encryption key comes from (never the key itself). */
export interface EncryptionKeyInfo {
  source: EncryptionKeySource;
  /** The development key file (mode 0600) when the key is kept there. */
  file: string | null;
}

/**
 * The provider's own part of `Provider` (`createProvider`'s answer); the products add theirs by declaration merging
 * into `Provider` (a product's `instance().provides`, products/registry.ts).
 */
export interface ProviderCore {
  /** Handles one request. `remoteAddress` is the caller's IP (what a socket would report). */
  fetch(request: Request, bindings?: ProviderBindings): Promise<Response>;
  app: Hono<ProviderEnv>;
  config: ProviderConfig;
  database: ProviderDatabase;
  /** The development inbox, when the provider runs in development mode. */
  inbox: { list(to?: string): Promise<InboxMessage[]>; clear(): Promise<void> } | null;
  /** Where the secret key for server calls comes from: `none` means server calls are refused. */
  secretKey: SecretKeyInfo;
  /**
   * Where the encryption key comes from (never the key): `ephemeral` is a random key for this process only, so TOTPs
   * enrolled now stop working after a restart. `file` is the development key file (`<sqlite file>.encryption-key`,
   * or the `<sqlite file>.totp-key` an earlier version made).
   */
  encryptionKey: EncryptionKeyInfo;
  /** The Prometheus metrics (`metrics.enabled`), or a no-op object when they are off. */
  metrics: ProviderMetrics;
  /** The log the requests are written to. */
  log: ProviderLogger;
  /**
   * Starts draining (the shutdown): `/readyz` answers 503 `shutting_down` from now on, so load balancers stop
   * sending traffic. Requests are still answered; stopping the listener is the server's part (server.ts).
   */
  drain(): void;
  /** The outbox: `deliverDue()` delivers every message due now (the background worker does so every few seconds). */
  outbox: Pick<OutboxWorker, 'deliverDue'>;
  /** The signing keys of session JWTs and ID tokens (what `latchkey-provider keys rotate|list` does). */
  keys: {
    /** Activates the next key of each kind at once (every instance within 5 s); old keys stay published until their tokens expire. */
    rotate(): Promise<RotatedKey[]>;
    /** Every key with its state (next, active, published, retired). */
    list(): Promise<KeyListing[]>;
  };
  /**
   * Deletes expired and used rows now (what `latchkey-provider purge` does), unless another instance is purging.
   * Without `force`, only if the last purge is `purge.intervalMinutes` old.
   */
  purge(options?: { force?: boolean }): Promise<PurgeResult>;
  /**
   * Stops the background jobs (waiting briefly for deliveries in flight), closes what the products run for the
   * instance (a development upstream that started) and the database (if the provider opened it).
   */
  close(): Promise<void>;
}

/** A running provider, without a port: `fetch` is a standard fetch handler. */
export interface Provider extends ProviderCore {}

const systemClock: Clock = { now: () => Date.now() };

/** The SQLite file `openDatabase` will open for `db`, if it names one. */
function sqliteFilePath(db: CreateProviderOptions['db']): string | undefined {
  if (typeof db === 'object') return undefined;
  const target = db ?? DEFAULT_SQLITE_PATH;
  return target.startsWith('postgres://') || target.startsWith('postgresql://') ? undefined : target;
}

/** Creates the provider: opens and migrates the database, seeds the project and builds the routes. */
export async function createProvider(options: CreateProviderOptions = {}): Promise<Provider> {
  let config = parseConfig(options.config ?? {});
  const clock = options.clock ?? systemClock;
  // Checked before the database is opened, so a refused start leaves no connection or row behind.
  if (config.mode === 'production' && !options.outbox && !config.smtp) {
    throw new Error('Production mode needs a way to send email: set "smtp" in the configuration or pass an outbox.');
  }
  const metricsToken = resolveMetricsToken(config, process.env);
  const hmacKey = resolveHmacKey({
    config,
    explicit: options.hmacKey,
    explicitDeprecated: options.passcodeKey,
    sqlitePath: sqliteFilePath(options.db),
  });
  const encryptionKey = resolveEncryptionKey({
    config,
    explicit: options.encryptionKey,
    explicitDeprecated: ENCRYPTION_KEY_ALIAS
      ? ((options as Record<string, unknown>)[ENCRYPTION_KEY_ALIAS.option] as string | Buffer | undefined)
      : undefined,
    sqlitePath: sqliteFilePath(options.db),
  });
  const environment = config.project.publicToken.startsWith('public-token-live-') ? 'live' : 'test';
  const secretKey = resolveSecretKey({
    config,
    environment,
    explicit: options.secretKey,
    sqlitePath: sqliteFilePath(options.db),
  });
  const ownsDatabase = typeof options.db !== 'object';
  const database =
    typeof options.db === 'object'
      ? options.db
      : await openDatabase(options.db, {
          sqliteSynchronous: config.sqlite.synchronous,
          postgresPoolSize: config.postgres.poolSize,
        });
  const { db } = database;
  const { project } = config;

  await storeProject(db, project, secretKey, clock.now());
  let secretKeySource = secretKey.source;
  if (secretKeySource === 'none') {
    const stored = await db
      .selectFrom('projects')
      .select('secret_key_hash')
      .where('project_id', '=', project.projectId)
      .executeTakeFirst();
    if (stored?.secret_key_hash) secretKeySource = 'database';
  }

  const inbox = config.mode === 'development' ? createDevInbox(db, () => clock.now()) : null;
  let deliver = options.outbox;
  if (!deliver) {
    // Without SMTP there is an inbox: production mode without SMTP or an outbox was refused above.
    const email = config.smtp ? createSmtpOutbox(config.smtp) : (inbox as Outbox);
    const twilio = config.phone.twilio;
    let phone: Outbox | PhoneSender | null = options.phoneSender ?? null;
    let phoneChannels: ('sms' | 'whatsapp')[] = ['sms', 'whatsapp'];
    if (!phone && twilio) {
      const authToken = process.env[twilio.authTokenEnv];
      if (authToken === undefined || authToken.trim() === '') {
        throw new Error(
          `phone.twilio.authTokenEnv names ${twilio.authTokenEnv}, which is not set: put the Twilio Auth Token in that environment variable.`,
        );
      }
      phone = createTwilioSender({
        accountSid: twilio.accountSid,
        authToken: authToken.trim(),
        ...(twilio.from === undefined ? {} : { from: twilio.from }),
        ...(twilio.whatsappFrom === undefined ? {} : { whatsappFrom: twilio.whatsappFrom }),
        ...(twilio.whatsappContentSid === undefined ? {} : { whatsappContentSid: twilio.whatsappContentSid }),
        apiBaseUrl: twilio.apiBaseUrl,
        timeoutMs: twilio.timeoutSeconds * 1000,
      });
      phoneChannels = twilioChannels(twilio);
    }
    phone ??= inbox;
    // A channel nothing can deliver is off: refused up front, before a code is written.
    const offChannels = phone
      ? (['sms', 'whatsapp'] as const).filter((channel) => !phoneChannels.includes(channel))
      : ['sms', 'whatsapp'];
    if (offChannels.length > 0) {
      const off = new Set<string>(
        offChannels.flatMap((channel) =>
          PRODUCT_DESCRIPTORS.flatMap((descriptor) => descriptor.config?.channelSwitches?.[channel] ?? []),
        ),
      );
      const products = config.project.products.filter((product) => !off.has(product));
      config = { ...config, project: { ...config.project, products } };
    }
    deliver = phone ? routeByChannel(email, phone) : email;
  }
  const metrics = await createMetrics(config);
  if (database.pool) metrics.observePool(database.pool);
  const log =
    options.logger ??
    createLogger(config, {
      destination: process.stderr,
      level: config.logging.level === 'silent' || config.logging.level === 'fatal' ? config.logging.level : 'error',
    });
  const lifecycle: Lifecycle = { draining: false };
  // Every message goes through the outbox table; in development the first attempt finishes before the request
  // answers, so the development inbox (and tests reading it) see a message as soon as its request is answered.
  const outbox = createOutboxWorker({
    db,
    clock,
    hmacKey,
    deliver,
    config: config.outbox,
    awaitFirstAttempt: config.mode === 'development',
    // Counted when a message is delivered or given up on, not when it is stored.
    metrics,
    log: (level, message, fields) => log[level](fields, message),
  });
  // What this instance's purge settings keep, announced for the purges other instances (or the CLI) run.
  const announcer = startAnnouncing(db, randomToken(12), retentionOf(config), {
    now: () => clock.now(),
    onError: (error) => log.error({ error: (error as Error).message }, 'retention announcement failed'),
  });
  await announcer.ready;
  const purgeScheduler = config.purge.enabled
    ? createPurgeScheduler(db, config, {
        now: () => clock.now(),
        log: (level, message, fields) => log[level](fields, message),
      })
    : null;

  // The signing keys' private halves are sealed under the encryption key. One that lives only as long as this process
  // (development without a key, on PostgreSQL or in memory) cannot open keys an earlier process sealed: those are
  // replaced, and the log says why.
  const keySealing = keySealingOf(encryptionKey.key, {
    ephemeral: encryptionKey.source === 'ephemeral',
    onReplaced: (kind, kid) =>
      log.warn(
        { kind, kid },
        `The ${kind} signing keys were sealed under another encryption key; this process's key is random (development without ${ENCRYPTION_KEY_ENV}), so new keys sign from now on. Set ${ENCRYPTION_KEY_ENV} to keep them across restarts and instances.`,
      ),
  });
  const deps: ProviderDeps = {
    db,
    config,
    clock,
    outbox,
    signer: new SessionSigner(db, { now: () => clock.now(), sealing: keySealing }),
    environment,
    hmacKey,
    encryptionKey: encryptionKey.key,
    keySealing,
    metrics,
    log,
  };

  // Each product's part of this instance (products/registry.ts, `instance`), made once `deps` exist.
  const instances = PROVIDER_PRODUCTS.map((product) => product.instance?.(deps) ?? {});

  const app = createApp(deps, (routes) => {
    registerHealthRoutes(routes, db, lifecycle);
    registerMetricsRoute(routes, metrics, metricsToken);
    registerProjectRoutes(routes);
    registerSessionRoutes(routes);
    registerServerSessionRoutes(routes);
    registerUserRoutes(routes);
    for (const product of PROVIDER_PRODUCTS) product.register(routes);
    if (inbox) registerDevInboxRoutes(routes, inbox);
    for (const instance of instances) instance.routes?.(routes);
  });

  let closing: Promise<void> | null = null;
  if (options.background !== false) {
    outbox.start();
    purgeScheduler?.start();
  }

  const encryptionKeyInfo: EncryptionKeyInfo = { source: encryptionKey.source, file: encryptionKey.file };
  // What the products add to the answer (their `instance().provides`; typed by their declarations into `Provider`).
  const provided = Object.assign({}, ...instances.map((instance) => instance.provides ?? {}));
  const core: ProviderCore = {
    fetch: async (request, bindings = {}) => app.fetch(request, bindings),
    app,
    config,
    database,
    inbox,
    secretKey: { source: secretKeySource, file: secretKey.file },
    encryptionKey: encryptionKeyInfo,
    // The deprecated name of the same object (typed by the product that declares the alias).
    ...(ENCRYPTION_KEY_ALIAS ? { [ENCRYPTION_KEY_ALIAS.option]: encryptionKeyInfo } : {}),
    outbox: { deliverDue: () => outbox.deliverDue() },
    keys: {
      async rotate() {
        const rotated = await rotateSigningKeys(db, config, clock.now(), keySealing);
        // This instance signs with the new keys at once; the others within the key cache's five seconds.
        deps.signer.keys.invalidate();
        for (const instance of instances) instance.keysRotated?.();
        return rotated;
      },
      async list() {
        const now = clock.now();
        return listSigningKeys(db, config, now, (await effectiveRetention(db, retentionOf(config), now)).keys);
      },
    },
    purge: (purgeOptions = {}) => runPurge(db, config, { now: () => clock.now(), force: purgeOptions.force === true }),
    metrics,
    log,
    drain: () => {
      lifecycle.draining = true;
    },
    close: () => {
      // Once: a second call waits for the first.
      closing ??= (async () => {
        await purgeScheduler?.stop();
        await announcer.stop();
        await outbox.stop();
        metrics.close();
        for (const instance of instances) await instance.close?.();
        if (ownsDatabase) await database.close();
      })();
      return closing;
    },
  };
  return { ...provided, ...core } as Provider;
}
