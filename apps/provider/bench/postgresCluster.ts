// A PostgreSQL cluster of the bench's own, at the server's default durability: `fsync = on`, `synchronous_commit =
// on`, `full_page_writes = on` (unlike the test server of scripts/start-postgres.sh, which runs with fsync off), with
// the one setting the README's "PostgreSQL setup" asks for beyond the defaults, `wal_compression = lz4`. Its
// data directory is a fresh folder under the system's temporary directory (on disk, not in memory, so a commit
// waits for the disk as in production); it is stopped and removed when the bench ends.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

export interface BenchCluster {
  /** `postgres://postgres@127.0.0.1:{port}/postgres`. */
  url: string;
  dataDirectory: string;
  stop(): void;
}

/** The newest installed server's bin folder (Debian's layout), or null. */
function serverBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest === undefined ? null : join(root, newest, 'bin');
}

/**
 * The README's `wal_compression`: `lz4` where the server has it (PostgreSQL 15 or later, built with LZ4, as Debian's
 * packages are), else `on` (pglz, the only method before 15).
 */
function walCompression(bin: string): string {
  const version = Number(bin.split('/').at(-2));
  if (!(version >= 15)) return 'on';
  const configure = spawnSync(join(bin, 'pg_config'), ['--configure'], { encoding: 'utf8' });
  return configure.stdout?.includes('--with-lz4') ? 'lz4' : 'pglz';
}

/** Runs a server binary, as the `postgres` user when this process is root (the server refuses to run as root). */
function run(binary: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? 'su' : binary;
  const quoted = [binary, ...args].map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`).join(' ');
  const argv = asRoot ? ['postgres', '-s', '/bin/sh', '-c', quoted] : args;
  const result = spawnSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(`${binary} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  }
}

/**
 * Starts a cluster on `port` with the default durability settings and `wal_compression = lz4`, or answers why it
 * cannot (no server installed).
 * `maxConnections` leaves room for every pool of the bench (three provider instances, the floors, the fixtures).
 */
export function startBenchCluster(port: number, maxConnections = 200): BenchCluster | { skipped: string } {
  const bin = serverBinaries();
  if (bin === null) return { skipped: 'no PostgreSQL server is installed (/usr/lib/postgresql/*/bin)' };
  const dataDirectory = mkdtempSync(join(os.tmpdir(), `latchkey-bench-pg-${port}-`));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dataDirectory, uid, gid);
  }
  const pgCtl = join(bin, 'pg_ctl');
  try {
    run(join(bin, 'initdb'), ['-D', dataDirectory, '-A', 'trust', '-U', 'postgres', '--no-instructions']);
    const options = [
      `-p ${port}`,
      `-k ${dataDirectory}`,
      '-c listen_addresses=127.0.0.1',
      // The defaults, spelled out so the report can show them: every commit waits for its WAL flush.
      '-c fsync=on',
      '-c synchronous_commit=on',
      '-c full_page_writes=on',
      // Not a default, but what the README's "PostgreSQL setup" asks operators for: the page images written after each
      // checkpoint, compressed (a first sign-in touches old pages of users and emails; see FIRST_SIGN_IN_NOTES).
      `-c wal_compression=${walCompression(bin)}`,
      `-c max_connections=${maxConnections}`,
    ].join(' ');
    const serverLog = join(dataDirectory, 'server.log');
    try {
      run(pgCtl, ['-D', dataDirectory, '-o', options, '-l', serverLog, '-w', 'start']);
    } catch (error) {
      const tail = existsSync(serverLog) ? readFileSync(serverLog, 'utf8').trim().split('\n').slice(-5).join('\n') : '';
      throw new Error(`${(error as Error).message}\nThe server's log ends with:\n${tail}`);
    }
  } catch (error) {
    rmSync(dataDirectory, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDirectory,
    stop() {
      try {
        run(pgCtl, ['-D', dataDirectory, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dataDirectory, { recursive: true, force: true });
      }
    },
  };
}
