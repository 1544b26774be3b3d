import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { OPS_USAGE_COMMANDS, OPS_USAGE_LINES, runOpsCommand } from './cliOps';
import {
  describeExposedDevelopment,
  describeOpenMetrics,
  describeUnboundFlows,
  describeWhatsappWithoutTemplate,
  loadConfigFile,
  type ProviderConfig,
} from './config';
import { DEFAULT_SQLITE_PATH } from './db/database';
import type { Provider } from './provider';
import type { RunningServer } from './server';
import { DEPRECATED_ENCRYPTION_KEY_ENV, ENCRYPTION_KEY_ENV } from './services/encryptionKey';

const NAME = 'latchkey-provider';
const DEFAULT_CONFIG_PATH = 'latchkey.config.json';

/** The `--help` text. */
export const USAGE = `Usage: ${NAME} start [options]
${OPS_USAGE_LINES}

Runs the Latchkey reference provider: the /sdk/v1 API on SQLite or PostgreSQL,
and in development mode a development inbox at /dev/inbox.

Options:
  --port <number>   Port to listen on; 0 picks a free one (default: $PORT or 8787)
  --host <address>  Address to listen on (default: 127.0.0.1)
  --db <target>     SQLite file path or postgres:// URL
                    (default: $DATABASE_URL or ${DEFAULT_SQLITE_PATH})
  --config <path>   Configuration file (default: ./${DEFAULT_CONFIG_PATH} when present,
                    else the built-in development defaults)
  -h, --help        Show this help

${OPS_USAGE_COMMANDS}

Example:
  ${NAME} start --port 8787 --db ${DEFAULT_SQLITE_PATH}
`;

/** A mistake in the command line: reported with the usage, exit code 2. */
class UsageError extends Error {}

interface StartOptions {
  port: number;
  host: string;
  db: string;
  configPath: string | null;
}

function parsePort(value: string, source: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || port > 65_535) {
    throw new UsageError(`${source} must be a whole number from 0 to 65535, not "${value}".`);
  }
  return port;
}

function parseCommandLine(
  argv: string[],
  env: NodeJS.ProcessEnv,
): { help: true } | { help: false; start: StartOptions } {
  let parsed: ReturnType<typeof parseWithNode>;
  try {
    parsed = parseWithNode(argv);
  } catch (error) {
    const message = (error as Error).message;
    const unknown = /^Unknown option '([^']+)'/.exec(message);
    throw new UsageError(unknown ? `unknown option ${unknown[1]}.` : message);
  }
  const { values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (values.help || command === 'help') return { help: true };
  if (command === undefined) throw new UsageError('missing command (start, purge, keys or identifiers).');
  if (command !== 'start') throw new UsageError(`unknown command "${command}" (start, purge, keys or identifiers).`);
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}".`);
  const port =
    values.port !== undefined ? parsePort(values.port, '--port') : env.PORT ? parsePort(env.PORT, 'PORT') : 8787;
  return {
    help: false,
    start: {
      port,
      host: values.host ?? '127.0.0.1',
      db: values.db || env.DATABASE_URL || DEFAULT_SQLITE_PATH,
      configPath: values.config ?? null,
    },
  };
}

function parseWithNode(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      db: { type: 'string' },
      config: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/**
 * How the startup line names the database: a SQLite path as it is; a PostgreSQL URL by its protocol, host (with the
 * port) and path only. Never the user information, the query or the fragment: a password can sit in any of them
 * (`postgres://u:secret@h/db`, `?password=…`, `?sslpassword=…`), and the line lands in logs.
 */
export function describeDatabase(target: string): string {
  if (!/^postgres(ql)?:\/\//.test(target)) return `sqlite ${target}`;
  try {
    const url = new URL(target);
    return `postgres ${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return 'postgres';
  }
}

function loadConfig(path: string | null): ProviderConfig {
  if (path !== null) return loadConfigFile(path, { required: true });
  // Only a file that exists is read, so a fresh checkout starts on the built-in defaults.
  return loadConfigFile(DEFAULT_CONFIG_PATH, { required: existsSync(DEFAULT_CONFIG_PATH) });
}

function listenError(error: NodeJS.ErrnoException, options: StartOptions): Error {
  if (error.code === 'EADDRINUSE') {
    return new Error(`Port ${options.port} on ${options.host} is already in use; pick another with --port.`);
  }
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
    return new Error(`Cannot listen on ${options.host}: no such local address.`);
  }
  return error;
}

async function start(options: StartOptions): Promise<void> {
  const config = loadConfig(options.configPath);
  // Loaded only here, so `--help` and usage errors answer without loading every sign-in method.
  const [{ createProvider }, { serveProvider }, { createLogger }] = await Promise.all([
    import('./provider'),
    import('./server'),
    import('./ops/logging'),
  ]);
  // One line per request on standard output (JSON in production, a short human line in development).
  const logger = createLogger(config);
  const provider: Provider = await createProvider({ db: options.db, config, logger });
  let server: RunningServer;
  try {
    server = await serveProvider(provider, {
      port: options.port,
      host: options.host,
      keepAliveSeconds: config.http.keepAliveSeconds,
    });
  } catch (error) {
    await provider.close();
    throw listenError(error as NodeJS.ErrnoException, options);
  }
  let stopping = false;
  const graceMs = config.shutdown.graceSeconds * 1000;
  const delayMs = config.shutdown.readinessDelaySeconds * 1000;
  // The shutdown: `/readyz` turns 503 at once; after `shutdown.readinessDelaySeconds` (while a load balancer's checks
  // see the 503, every request is still served) the listener closes, the requests in flight are answered (for at
  // most `shutdown.graceSeconds`, then cut), the database pool closes, and the process exits: 0 when every
  // request was answered, 1 when some had to be cut.
  const stop = async (signal: NodeJS.Signals) => {
    // A second Ctrl-C means "now": do not wait for slow requests again.
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`Received ${signal}; stopping.`);
    provider.drain();
    // Whatever hangs (a database that does not answer the pool's goodbye), the process ends soon after the grace.
    setTimeout(() => process.exit(1), delayMs + graceMs + 5_000).unref();
    if (delayMs > 0) {
      logger.info(
        `Closing the listener in ${config.shutdown.readinessDelaySeconds} s (shutdown.readinessDelaySeconds).`,
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    try {
      const { drained } = await server.close(graceMs);
      await provider.close();
      if (drained) logger.info('Stopped: every request was answered.');
      else logger.warn(`Stopped: requests still open after ${config.shutdown.graceSeconds} s were cut.`);
      process.exit(drained ? 0 : 1);
    } catch (error) {
      console.error(`${NAME}: ${(error as Error).message}`);
      process.exit(1);
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Printed only once the signal handlers are in place, and as one write: whoever waits for these lines
  // (a supervisor, a test) may send SIGTERM the moment it reads them.
  const lines = [`Latchkey provider listening on ${server.url} (${describeDatabase(options.db)}, ${config.mode} mode)`];
  if (provider.inbox)
    lines.push(`Development inbox: ${server.url}/dev/inbox (every email and text message lands here)`);
  const exposed = describeExposedDevelopment(config, server.host);
  if (exposed !== null) lines.push(exposed);
  lines.push(describeSecretKey(provider));
  lines.push(describeEncryptionKey(provider));
  const unbound = describeUnboundFlows(config);
  if (unbound !== null) lines.push(unbound);
  const whatsapp = describeWhatsappWithoutTemplate(config);
  if (whatsapp !== null) lines.push(whatsapp);
  const openMetrics = describeOpenMetrics(config);
  if (openMetrics !== null) lines.push(openMetrics);
  console.log(lines.join('\n'));
}

/** Where the encryption key (authenticator-app secrets, social sign-in tokens) comes from; never the key itself. */
function describeEncryptionKey(provider: Provider): string {
  const { source, file } = provider.encryptionKey;
  switch (source) {
    case 'file':
      return `Encryption key: in ${file} (development only; LATCHKEY_ENCRYPTION_KEY overrides it)`;
    case 'environment':
      return process.env[ENCRYPTION_KEY_ENV]?.trim()
        ? `Encryption key: from ${ENCRYPTION_KEY_ENV}`
        : `Encryption key: from ${DEPRECATED_ENCRYPTION_KEY_ENV} (a deprecated name: rename it ${ENCRYPTION_KEY_ENV})`;
    case 'option':
      return 'Encryption key: from the encryptionKey option';
    case 'ephemeral':
      return 'Encryption key: random for this process; authenticator apps enrolled now stop working after a restart (set LATCHKEY_ENCRYPTION_KEY)';
  }
}

/** Where the secret key for server calls comes from; never the key itself, which stays out of every log. */
function describeSecretKey(provider: Provider): string {
  const { source, file } = provider.secretKey;
  switch (source) {
    case 'file':
      return `Secret key for server calls (/v1): in ${file} (development only; LATCHKEY_SECRET_KEY overrides it)`;
    case 'environment':
      return 'Secret key for server calls (/v1): from LATCHKEY_SECRET_KEY';
    case 'option':
      return 'Secret key for server calls (/v1): from the secretKey option';
    case 'database':
      return 'Secret key for server calls (/v1): the one set before (only its hash is in the database)';
    case 'none':
      return 'Server calls (/v1) are off: set LATCHKEY_SECRET_KEY to enable them';
  }
}

/**
 * Runs the command line. Resolves to the exit code for commands that finish (help, errors), or to
 * `null` once the server is listening; it then runs until SIGINT/SIGTERM.
 */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number | null> {
  const opsExit = await runOpsCommand(argv, env);
  if (opsExit !== undefined) return opsExit;
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${NAME}: ${error.message}\n`);
    console.error(USAGE.trimEnd());
    return 2;
  }
  if (parsed.help) {
    console.log(USAGE.trimEnd());
    return 0;
  }
  try {
    await start(parsed.start);
    return null;
  } catch (error) {
    // Configuration, database and port problems are the operator's to fix: the message, not a stack.
    console.error(`${NAME}: ${(error as Error).message}`);
    return 1;
  }
}
