// The `latchkey-provider` command run as a user runs it: a real child process with a clean environment, its
// output captured, and the process and its temporary folders cleaned up after each test.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';

// Resolved when a process starts: this module is loaded by the setup file of every test file, jsdom ones included,
// where `import.meta.url` is not a file URL.
const bin = () => fileURLToPath(new URL('../bin/latchkey-provider.mjs', import.meta.url));

/**
 * A test that opens no database or only a SQLite file: it runs in the SQLite pass. The PostgreSQL pass
 * (`LATCHKEY_TEST_POSTGRES_URL` set) would start the same processes again and learn nothing more (each start costs
 * seconds of CPU beside the browser tests).
 */
export const itWithoutPostgres = it.skipIf(process.env.LATCHKEY_TEST_POSTGRES_URL);

/** A running (or finished) `latchkey-provider` process. */
export interface ProviderProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];
/** Children started with `lifetime: 'file'`: they serve several tests and are killed after the file's last one. */
const fileChildren: ChildProcess[] = [];
const tempDirs: string[] = [];
function killAll(list: ChildProcess[]): void {
  for (const child of list.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
/** Kills the processes a test started and removes its temporary folders (test/setup.ts, after each test). */
export function cleanUpTestProcesses(): void {
  killAll(children);
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
/** Kills the processes started with `lifetime: 'file'` (test/setup.ts, after each file). */
export function cleanUpFileProcesses(): void {
  killAll(fileChildren);
}

/** A fresh temporary folder named `{prefix}…`, removed after the test. */
export function tempDir(prefix = 'latchkey-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/**
 * Runs `latchkey-provider {args}` with the environment cleared of PORT, DATABASE_URL, LATCHKEY_SECRET_KEY and
 * LATCHKEY_ENCRYPTION_KEY (and its deprecated name LATCHKEY_TOTP_ENCRYPTION_KEY) unless `env` sets them. The process
 * is killed after the test (`lifetime: 'test'`, the default) or after the file's last test (`'file'`, for processes a
 * `beforeAll` starts); give a `cwd` with `'file'`.
 */
export function spawnProvider(
  args: string[],
  options: {
    cwd?: string;
    env?: Record<string, string>;
    lifetime?: 'test' | 'file';
    /** Another command than bin/latchkey-provider.mjs (the sample product's: testing/sampleProduct/bin.mjs). */
    bin?: string;
  } = {},
): ProviderProcess {
  const {
    PORT: _port,
    DATABASE_URL: _database,
    LATCHKEY_SECRET_KEY: _secretKey,
    LATCHKEY_ENCRYPTION_KEY: _encryptionKey,
    LATCHKEY_TOTP_ENCRYPTION_KEY: _deprecatedEncryptionKey,
    ...env
  } = process.env;
  const child = spawn(process.execPath, [options.bin ?? bin(), ...args], {
    cwd: options.cwd ?? tempDir(),
    env: { ...env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  (options.lifetime === 'file' ? fileChildren : children).push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/**
 * Resolves with the URL of the startup line, or fails with what the process printed if it exits first or has not
 * printed it within `timeoutMs` (default 60 s: start-up costs about 3.5 s of CPU (tsx, migrations), and on a loaded
 * two-core machine that can take far longer).
 */
export async function listeningUrl(cli: ProviderProcess, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /^Latchkey provider listening on (http:\/\/\S+) /m.exec(cli.stdout());
    if (match) return match[1] as string;
    if (cli.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`The provider did not start.\nstdout: ${cli.stdout()}\nstderr: ${cli.stderr()}`);
}
