import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Kysely } from 'kysely';
import type { ProviderConfig } from '../config';
import type { Database } from '../db/schema';
import { randomToken, sha256Hex } from './secrets';

/** The environment variable that sets the project's secret key for server calls (`/v1/…`). */
export const SECRET_KEY_ENV = 'LATCHKEY_SECRET_KEY';
/** The shortest secret key accepted, in characters: it is kept as an unsalted SHA-256, so it must be random. */
export const MIN_SECRET_KEY_LENGTH = 32;

/** A fresh secret key: `secret-test-` or `secret-live-` and 256 random bits, base64url. */
export function newSecretKey(environment: 'test' | 'live'): string {
  return `secret-${environment}-${randomToken(32)}`;
}

/** Checks a secret key given by an operator: long enough, printable, no spaces. */
export function checkSecretKey(text: string, source: string): string {
  const key = text.trim();
  if (key.length < MIN_SECRET_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw new Error(
      `The secret key from ${source} must be at least ${MIN_SECRET_KEY_LENGTH} printable characters without spaces (for example: openssl rand -base64 32).`,
    );
  }
  return key;
}

/** Where the secret key came from, to tell the operator (never the key itself). */
export type SecretKeySource = 'option' | 'environment' | 'file' | 'database' | 'none';

export interface ResolvedSecretKey {
  /** The key to store the hash of; null keeps whatever hash the database already holds. */
  key: string | null;
  source: SecretKeySource;
  /** The development key file (`<sqlite file>.secret-key`), when the key lives there. */
  file: string | null;
}

/**
 * The project's secret key for server calls: the explicit one, else `LATCHKEY_SECRET_KEY`; in development with
 * a SQLite file, a key kept beside it as `<file>.secret-key` (created on first start, mode 0600) so the developer
 * can read it. Otherwise none: the database keeps the hash it has (set by an earlier start), if any. Only the
 * key's hash is ever written to the database.
 */
export function resolveSecretKey(options: {
  config: ProviderConfig;
  environment: 'test' | 'live';
  explicit?: string;
  env?: NodeJS.ProcessEnv;
  sqlitePath?: string;
}): ResolvedSecretKey {
  if (options.explicit !== undefined) {
    return { key: checkSecretKey(options.explicit, 'the secretKey option'), source: 'option', file: null };
  }
  const fromEnv = (options.env ?? process.env)[SECRET_KEY_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    return { key: checkSecretKey(fromEnv, SECRET_KEY_ENV), source: 'environment', file: null };
  }
  const path = options.sqlitePath;
  if (options.config.mode === 'production' || path === undefined || path === ':memory:') {
    return { key: null, source: 'none', file: null };
  }
  const file = `${path}.secret-key`;
  try {
    return { key: checkSecretKey(readFileSync(file, 'utf8'), file), source: 'file', file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = newSecretKey(options.environment);
  mkdirSync(dirname(file), { recursive: true });
  try {
    // `wx`: never overwrite a key another instance wrote in the meantime.
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return { key, source: 'file', file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return { key: checkSecretKey(readFileSync(file, 'utf8'), file), source: 'file', file };
    }
    throw error;
  }
}

/** How many replaced secret keys a project remembers (the newest first). */
const RETIRED_SECRET_KEYS_KEPT = 50;

/**
 * Writes the project's row at start: its public token and name, and the hash of `secretKey` (null keeps the stored
 * one). A key that differs from the stored one replaces it (a rotation: every instance answers only the new key at
 * once), and the replaced key's hash is remembered. A start with a key a rotation replaced is refused (but for the
 * development key file): an instance of an older deployment that restarts (a crash, a rollback) would otherwise make
 * the old key, perhaps the leaked one the rotation was for, the key of every instance again. One transaction: the
 * upsert holds the row's lock on PostgreSQL, so instances starting at once decide one after the other.
 */
export async function storeProject(
  db: Kysely<Database>,
  project: { projectId: string; publicToken: string; name: string },
  secretKey: Pick<ResolvedSecretKey, 'key' | 'source'>,
  now: number,
): Promise<void> {
  const keyHash = secretKey.key === null ? null : sha256Hex(secretKey.key);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('projects')
      .values({
        project_id: project.projectId,
        public_token: project.publicToken,
        name: project.name,
        created_at: now,
        secret_key_hash: keyHash,
        retired_secret_key_hashes: null,
      })
      .onConflict((conflict) =>
        conflict.column('project_id').doUpdateSet({ public_token: project.publicToken, name: project.name }),
      )
      .execute();
    if (keyHash === null) return;
    const stored = await trx
      .selectFrom('projects')
      .select(['secret_key_hash', 'retired_secret_key_hashes'])
      .where('project_id', '=', project.projectId)
      .executeTakeFirstOrThrow();
    if (stored.secret_key_hash === keyHash) return;
    const retired = JSON.parse(stored.retired_secret_key_hashes ?? '[]') as string[];
    // The development key file beside a SQLite file is the developer's own, on their machine: a start with another
    // key in between (LATCHKEY_SECRET_KEY once) does not lock it out.
    if (retired.includes(keyHash) && secretKey.source !== 'file') {
      throw new Error(
        `This secret key for server calls (${SECRET_KEY_ENV}) was replaced by a newer one: start every instance with ` +
          'the current key. (To go back to a replaced key on purpose, remove its SHA-256 from ' +
          'projects.retired_secret_key_hashes first.)',
      );
    }
    const replaced = stored.secret_key_hash === null ? retired : [stored.secret_key_hash, ...retired];
    await trx
      .updateTable('projects')
      .set({
        secret_key_hash: keyHash,
        retired_secret_key_hashes: JSON.stringify(replaced.slice(0, RETIRED_SECRET_KEYS_KEPT)),
      })
      .where('project_id', '=', project.projectId)
      .execute();
  });
}
