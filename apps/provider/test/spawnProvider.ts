// The `latchkey-provider` command run as a user runs it: a real child process with a clean environment, its
// output captured, and the process and its temporary folders cleaned up after each test.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/latchkey-provider.mjs', import.meta.url));

/** A running (or finished) `latchkey-provider` process. */
export interface ProviderProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];
const tempDirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary folder named `{prefix}…`, removed after the test. */
export function tempDir(prefix = 'latchkey-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Runs `latchkey-provider {args}` with the environment cleared of PORT, DATABASE_URL, LATCHKEY_SECRET_KEY and LATCHKEY_TOTP_ENCRYPTION_KEY unless `env` sets them. */
export function spawnProvider(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): ProviderProcess {
  const {
    PORT: _port,
    DATABASE_URL: _database,
    LATCHKEY_SECRET_KEY: _secretKey,
    LATCHKEY_TOTP_ENCRYPTION_KEY: _totpKey,
    ...env
  } = process.env;
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? tempDir(),
    env: { ...env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
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

/** Resolves with the URL of the startup line, or fails with what the process printed if it exits first. */
export async function listeningUrl(cli: ProviderProcess): Promise<string> {
  // Start-up costs about 3.5 s of CPU (tsx, migrations); on a loaded two-core machine that can take far longer.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /^Latchkey provider listening on (http:\/\/\S+) /m.exec(cli.stdout());
    if (match) return match[1] as string;
    if (cli.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`The provider did not start.\nstdout: ${cli.stdout()}\nstderr: ${cli.stderr()}`);
}
