// A second provider, beside the one `npm start` runs on 8787, for a browser test that needs another project
// configuration (the configuration is read once, at start): the `latchkey-provider` command on its own port, a
// fresh temporary SQLite database and e2e/latchkey.config.json with `project` overrides.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../provider/bin/latchkey-provider.mjs', import.meta.url));
const BASE_CONFIG = fileURLToPath(new URL('./latchkey.config.json', import.meta.url));
const STARTUP_TIMEOUT_MS = 60_000;

/** A provider process; `stop()` ends it and removes its database. */
export interface ProviderServer {
  /** Its address as the browser calls it (`http://localhost:<port>`). */
  url: string;
  stop(): Promise<void>;
}

/** Options of `startProvider`. */
export interface StartProviderOptions {
  /** Merged over the configuration's `project`. */
  project?: Record<string, unknown>;
  /** Origins allowed (CORS) besides the configuration's; each one's `/authenticate` joins the redirect URLs. */
  origins?: string[];
  /**
   * Sets `publicUrl` to `http://localhost:<port>` (the default names 8787, `npm start`'s provider): social sign-in
   * sends the upstream back to `${publicUrl}/v1/public/oauth/callback`, and One Tap's stand-in script is served there.
   */
  publicUrl?: boolean;
}

/**
 * Starts a provider on `port` with e2e/latchkey.config.json, `project` merged over its project and `origins` allowed
 * (CORS, and their `/authenticate` as redirect URLs) besides its own. Resolves once it answers.
 */
export async function startProvider(port: number, options: StartProviderOptions = {}): Promise<ProviderServer> {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-e2e-provider-'));
  const base = JSON.parse(readFileSync(BASE_CONFIG, 'utf8'));
  const origins = options.origins ?? [];
  const config = {
    ...base,
    ...(options.publicUrl ? { publicUrl: `http://localhost:${port}` } : {}),
    project: {
      ...base.project,
      ...options.project,
      allowedOrigins: [...base.project.allowedOrigins, ...origins],
      redirectUrls: [...base.project.redirectUrls, ...origins.map((origin) => `${origin}/authenticate`)],
    },
  };
  writeFileSync(join(dir, 'latchkey.config.json'), JSON.stringify(config));
  const output: string[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    [
      BIN,
      'start',
      '--port',
      String(port),
      '--db',
      join(dir, 'latchkey.sqlite'),
      '--config',
      join(dir, 'latchkey.config.json'),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The provider on port ${port} exited at start:\n${output.join('')}`);
    }
    if (
      await fetch(`http://127.0.0.1:${port}/dev/inbox`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The provider on port ${port} did not answer within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output.join('')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url: `http://localhost:${port}`, stop };
}
