// The operators' commands of `latchkey-provider`: `purge`, `keys rotate|list` and `identifiers fold`. Each opens the database (the same
// `--db` / DATABASE_URL and `--config` as `start`), does its work once and exits; it never listens.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfigFile, type ProviderConfig } from './config';
import { DEFAULT_SQLITE_PATH } from './db/database';

const NAME = 'latchkey-provider';
const DEFAULT_CONFIG_PATH = 'latchkey.config.json';

/** The commands this module runs. */
export const OPS_COMMANDS = ['purge', 'keys', 'identifiers'] as const;

/** Their usage lines, under `Usage: latchkey-provider start [options]`. */
export const OPS_USAGE_LINES = `       ${NAME} purge [--db <target>] [--config <path>] [--json]
       ${NAME} keys rotate|list [--db <target>] [--config <path>] [--json]
       ${NAME} identifiers fold [--db <target>] [--config <path>] [--json]`;

/** What they do, after the options of `start`. */
export const OPS_USAGE_COMMANDS = `Operations (run once and exit; same --db and --config as start):
  purge             Delete expired and used rows now (sessions past their grace period,
                    passcodes, links, challenges, codes, ended grants, old rate-limit
                    windows, delivered messages), unless another instance is purging
  keys rotate       The next signing keys (session JWTs, ID tokens) sign from now on, on
                    every instance within 5 s; old keys stay published until their tokens expire
  keys list         Every signing key and its state: next, active, published or retired
  identifiers fold  Every stored email address and phone number in its one spelling, as
                    migrations 0027 and 0028 did: run it once the last instance of a version
                    before them has stopped (it may have stored other spellings)
  --json            Print the result as JSON`;

const OPS_USAGE = `Usage: ${NAME} start [options]\n${OPS_USAGE_LINES}\n\n${OPS_USAGE_COMMANDS}`;

class OpsUsageError extends Error {}

/** The first command word of the arguments, the values of options that take one skipped. */
function commandOf(argv: string[]): string | undefined {
  const { positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      db: { type: 'string' },
      config: { type: 'string' },
    },
  });
  return positionals[0];
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        db: { type: 'string' },
        config: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    const message = (error as Error).message;
    const unknown = /^Unknown option '([^']+)'/.exec(message);
    throw new OpsUsageError(unknown ? `unknown option ${unknown[1]}.` : message);
  }
}

function loadConfig(path: string | undefined): ProviderConfig {
  if (path !== undefined) return loadConfigFile(path, { required: true });
  return loadConfigFile(DEFAULT_CONFIG_PATH, { required: existsSync(DEFAULT_CONFIG_PATH) });
}

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

/**
 * Runs `purge` or `keys …` when the arguments name one; resolves to the exit code, or to undefined when the command
 * is another one (cli.ts then handles it).
 */
export async function runOpsCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: Pick<Console, 'log' | 'error'> = console,
): Promise<number | undefined> {
  const command = commandOf(argv);
  if (command !== 'purge' && command !== 'keys' && command !== 'identifiers') return undefined;
  let values: ReturnType<typeof parse>['values'];
  let rest: string[];
  try {
    const parsed = parse(argv);
    values = parsed.values;
    rest = parsed.positionals.slice(1);
    if (command === 'purge' && rest.length > 0) throw new OpsUsageError(`unexpected argument "${rest[0]}".`);
    if (command === 'identifiers' && (rest.length !== 1 || rest[0] !== 'fold')) {
      throw new OpsUsageError(
        rest.length === 0 ? 'identifiers needs fold.' : `unknown identifiers command "${rest.join(' ')}" (fold).`,
      );
    }
    if (command === 'keys' && (rest.length !== 1 || (rest[0] !== 'rotate' && rest[0] !== 'list'))) {
      throw new OpsUsageError(
        rest.length === 0 ? 'keys needs rotate or list.' : `unknown keys command "${rest.join(' ')}" (rotate or list).`,
      );
    }
  } catch (error) {
    if (!(error instanceof OpsUsageError)) throw error;
    out.error(`${NAME}: ${error.message}\n`);
    out.error(OPS_USAGE);
    return 2;
  }
  if (values.help) {
    out.log(OPS_USAGE);
    return 0;
  }
  const target = values.db || env.DATABASE_URL || DEFAULT_SQLITE_PATH;
  let database: import('./db/database').ProviderDatabase | undefined;
  try {
    const config = loadConfig(values.config);
    // Loaded only here, like `start`: usage errors answer without opening anything.
    const { openDatabase } = await import('./db/database');
    database = await openDatabase(target, { sqliteSynchronous: config.sqlite.synchronous });
    const { db } = database;
    if (command === 'purge') {
      const { runPurge } = await import('./ops/purge');
      const result = await runPurge(db, config, { now: Date.now, force: true });
      if (values.json) out.log(JSON.stringify(result));
      else if (!result.ran) out.log('Another instance is purging right now; nothing was done.');
      else {
        const deleted = Object.entries(result.counts).filter(([, count]) => count > 0);
        out.log(
          deleted.length === 0
            ? `Nothing to purge (${result.finishedAt - result.startedAt} ms).`
            : `Purged in ${result.finishedAt - result.startedAt} ms: ${deleted.map(([table, count]) => `${table} ${count}`).join(', ')}.`,
        );
      }
      return 0;
    }
    if (command === 'identifiers') {
      const { foldEmailSpellings, foldPhoneSpellings } = await import('./db/migrationSteps');
      const migrationDb = db as unknown as import('./products/descriptor').MigrationDb;
      const folded = {
        emails: await foldEmailSpellings(migrationDb),
        phone_numbers: await foldPhoneSpellings(migrationDb),
      };
      if (values.json) out.log(JSON.stringify(folded));
      else {
        for (const [kind, folding] of [
          ['Email addresses', folded.emails],
          ['Phone numbers', folded.phone_numbers],
        ] as const) {
          out.log(
            `${kind}: ${folding.folded} folded into their canonical spelling, ${folding.merged} second copies of one ` +
              `account's removed, ${folding.dropped} unverified ones another account holds verified removed, ` +
              `${folding.left} left as they were (another account holds the canonical spelling).`,
          );
        }
      }
      return 0;
    }
    const keys = await import('./services/signingKeys');
    if (rest[0] === 'rotate') {
      // The new keys' private halves are sealed under the encryption key the instances use (the same variable, or
      // beside the same SQLite file, as `start` reads); a key made up for this command would seal keys no instance opens.
      const { ENCRYPTION_KEY_ENV, resolveEncryptionKey } = await import('./services/encryptionKey');
      const encryptionKey = resolveEncryptionKey({
        config,
        env,
        sqlitePath: database.kind === 'sqlite' && target !== ':memory:' ? target : undefined,
      });
      if (encryptionKey.source === 'ephemeral') {
        out.error(
          `${NAME}: keys rotate needs the encryption key the instances use, to seal the new keys: set ${ENCRYPTION_KEY_ENV}.`,
        );
        return 1;
      }
      const rotated = await keys.rotateSigningKeys(db, config, Date.now(), keys.keySealing(encryptionKey.key));
      if (values.json) out.log(JSON.stringify(rotated));
      else {
        for (const kind of rotated) {
          const name = kind.kind === 'session' ? 'Session JWTs' : 'ID tokens';
          const old =
            kind.superseded.length === 0 ? '' : ` (${kind.superseded.join(', ')} published until its tokens expire)`;
          out.log(`${name}: ${kind.active} signs from now on${old}; next key ${kind.next} published.`);
        }
        out.log(`Every instance signs with the new keys within ${keys.KEY_CACHE_MS / 1000} s.`);
        // A key that signs soon after it was published may be unknown to a verifier's cached JWKS for a while.
        for (const kind of rotated.filter((rotation) => rotation.publishedForMs < keys.JWKS_CACHE_MS)) {
          out.error(
            `${NAME}: warning: ${kind.active} had been published for ${Math.round(kind.publishedForMs / 1000)} s: a ` +
              'verifier that fetched the JWKS before then refuses its tokens until it looks again (at most 30 s for ' +
              'jose, 60 s for openid-client). Rotate at most once every 10 minutes to avoid this.',
          );
        }
      }
      return 0;
    }
    const { effectiveRetention, retentionOf } = await import('./ops/retention');
    const now = Date.now();
    const listed = await keys.listSigningKeys(
      db,
      config,
      now,
      (await effectiveRetention(db, retentionOf(config), now)).keys,
    );
    if (values.json) out.log(JSON.stringify(listed));
    else {
      const rows = [
        ['KIND', 'KID', 'ALG', 'STATE', 'CREATED', 'ACTIVATED', 'RETIRES'],
        ...listed.map((key) => [
          key.kind,
          key.kid,
          key.alg,
          key.state,
          iso(key.createdAt),
          iso(key.activatedAt),
          iso(key.retiresAt),
        ]),
      ];
      const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
      for (const row of rows)
        out.log(
          row
            .map((cell, column) => cell.padEnd(widths[column] ?? 0))
            .join('  ')
            .trimEnd(),
        );
    }
    return 0;
  } catch (error) {
    out.error(`${NAME}: ${(error as Error).message}`);
    return 1;
  } finally {
    await database?.close();
  }
}
