import type { Hono } from 'hono';
import { type ProviderConfig, type ProviderConfigInput, parseConfig } from './config';
import { DEFAULT_SQLITE_PATH, openDatabase, type ProviderDatabase } from './db/database';
import { createApp } from './http/app';
import type { Clock, ProviderBindings, ProviderDeps, ProviderEnv } from './http/context';
import {
  createLazyDevelopmentUpstream,
  type LazyDevelopmentUpstream,
} from './products/oauth/developmentUpstream/lazyDevelopmentUpstream';
import { registerDevelopmentUpstreamRoutes } from './products/oauth/developmentUpstream/routes';
import { callbackUrl } from './products/oauth/upstreamClient';
import { resolvePasscodeKey } from './products/otp/passcodeKey';
import { PROVIDER_PRODUCTS } from './products/registry';
import { resolveTotpKey, type TotpKeySource } from './products/totp/totpKey';
import { registerDevInboxRoutes } from './routes/devInbox';
import { registerProjectRoutes } from './routes/project';
import { registerServerSessionRoutes } from './routes/serverSessions';
import { registerSessionRoutes } from './routes/sessions';
import { registerUserRoutes } from './routes/users';
import {
  createDevInbox,
  createSmtpOutbox,
  type InboxMessage,
  type Outbox,
  type PhoneSender,
  routeByChannel,
} from './services/outbox';
import { resolveSecretKey, type SecretKeySource } from './services/secretKey';
import { sha256Hex } from './services/secrets';
import { SessionSigner } from './services/signer';

export interface CreateProviderOptions {
  /** `:memory:`, a SQLite file path, a `postgres://` URL, or an open database. Default `.data/latchkey.sqlite`. */
  db?: string | ProviderDatabase;
  /** The configuration (as in `latchkey.config.json`); missing fields take their defaults. */
  config?: ProviderConfigInput | ProviderConfig;
  /** Time source; tests pass one they can move. */
  clock?: Clock;
  /** Where every outgoing message goes. Default: SMTP for email when configured, else the development inbox. */
  outbox?: Outbox;
  /** Sends text and WhatsApp messages when no `outbox` is given. Default: the development inbox. */
  phoneSender?: PhoneSender;
  /**
   * The key of the passcodes' HMAC (at least 32 bytes; hex or base64 text, or bytes). Default:
   * `LATCHKEY_PASSCODE_KEY`; in development a key file beside the SQLite file, or a random key for an
   * in-memory or already-open database. Production refuses to start without one.
   */
  passcodeKey?: string | Buffer;
  /**
   * The project's secret key for server calls (`/v1/…`, HTTP Basic `project id:secret key`); only its SHA-256 is
   * stored. Default: `LATCHKEY_SECRET_KEY`; in development a key file beside the SQLite file (created on first
   * start). Without any, the database keeps the hash an earlier start stored, or server calls are refused.
   */
  secretKey?: string;
  /**
   * The key TOTP secrets are encrypted under and recovery codes keyed with (at least 32 bytes; hex or base64
   * text, or bytes). Default: `LATCHKEY_TOTP_ENCRYPTION_KEY`; in development a key file beside the SQLite file,
   * or a random key for an in-memory, already-open or PostgreSQL database. Production refuses to start without one.
   */
  totpKey?: string | Buffer;
}

/** Where the secret key for server calls comes from (never the key itself). */
export interface SecretKeyInfo {
  source: SecretKeySource;
  /** The development key file (`<sqlite file>.secret-key`, mode 0600) when the key is kept there. */
  file: string | null;
}

/** A running provider, without a port: `fetch` is a standard fetch handler. */
export interface Provider {
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
   * Where the TOTP key comes from (never the key): `ephemeral` is a random key for this process only, so TOTPs
   * enrolled now stop working after a restart. `file` is the development key file (`<sqlite file>.totp-key`).
   */
  totpKey: { source: TotpKeySource; file: string | null };
  /**
   * The development OAuth upstream (started on first `get()`), when it is on: development mode and not switched off
   * with `project.oauth.developmentUpstream.enabled: false`.
   */
  developmentUpstream: LazyDevelopmentUpstream | null;
  /** Closes the development OAuth upstream (if it started) and the database (if the provider opened it). */
  close(): Promise<void>;
}

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
  const passcodeKey = resolvePasscodeKey({
    config,
    explicit: options.passcodeKey,
    sqlitePath: sqliteFilePath(options.db),
  });
  const totpKey = resolveTotpKey({ config, explicit: options.totpKey, sqlitePath: sqliteFilePath(options.db) });
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

  await db
    .insertInto('projects')
    .values({
      project_id: project.projectId,
      public_token: project.publicToken,
      name: project.name,
      created_at: clock.now(),
      secret_key_hash: secretKey.key === null ? null : sha256Hex(secretKey.key),
    })
    .onConflict((conflict) =>
      conflict.column('project_id').doUpdateSet({
        public_token: project.publicToken,
        name: project.name,
        // Without a key from the option, the environment or the file, the hash an earlier start stored stays.
        ...(secretKey.key === null ? {} : { secret_key_hash: sha256Hex(secretKey.key) }),
      }),
    )
    .execute();
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
  let outbox = options.outbox;
  if (!outbox) {
    // Without SMTP there is an inbox: production mode without SMTP or an outbox was refused above.
    const email = config.smtp ? createSmtpOutbox(config.smtp) : (inbox as Outbox);
    const phone = options.phoneSender ?? inbox;
    if (!phone) {
      // Nothing can deliver a text, so those methods are off: refused up front, before a code is written.
      const products = config.project.products.filter((product) => product !== 'sms_otp' && product !== 'whatsapp_otp');
      config = { ...config, project: { ...config.project, products } };
    }
    outbox = phone ? routeByChannel(email, phone) : email;
  }

  const upstreamOptions = config.project.oauth.developmentUpstream;
  // Started on first use: the options are read then, once `deps` (for the callback URL) exists.
  const oauthUpstream = upstreamOptions.enabled
    ? createLazyDevelopmentUpstream(() => ({
        host: upstreamOptions.host,
        port: upstreamOptions.port,
        redirectUris: [callbackUrl(deps)],
      }))
    : null;

  const deps: ProviderDeps = {
    db,
    config,
    clock,
    outbox,
    signer: new SessionSigner(db),
    environment,
    passcodeKey,
    totpKey: totpKey.key,
    oauthUpstream,
  };

  const app = createApp(deps, (routes) => {
    registerProjectRoutes(routes);
    registerSessionRoutes(routes);
    registerServerSessionRoutes(routes);
    registerUserRoutes(routes);
    for (const product of PROVIDER_PRODUCTS) product.register(routes);
    if (inbox) registerDevInboxRoutes(routes, inbox);
    if (oauthUpstream) registerDevelopmentUpstreamRoutes(routes, oauthUpstream);
  });

  return {
    fetch: async (request, bindings = {}) => app.fetch(request, bindings),
    app,
    config,
    database,
    inbox,
    secretKey: { source: secretKeySource, file: secretKey.file },
    totpKey: { source: totpKey.source, file: totpKey.file },
    developmentUpstream: oauthUpstream,
    close: async () => {
      await oauthUpstream?.close();
      if (ownsDatabase) await database.close();
    },
  };
}
