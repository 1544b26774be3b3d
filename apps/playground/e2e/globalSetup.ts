// Starts what the browser tests drive, once per run: `node scripts/start.mjs` (the provider on a fresh temporary
// SQLite database, with e2e/latchkey.config.json, the playground's Vite server and the demo relying party on
// DEMO_RP_PORT; the playground as a development build, `--built`) and one headless Chromium
// (a Playwright browser server the test files connect to). Everything is stopped at the end. The browser is the
// one scripts/find-chromium.mjs picks: LATCHKEY_CHROMIUM or CHROME_PATH, else Debian's /usr/bin/chromium, else a
// Chrome or Chromium on PATH or in the usual install locations.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { findChromium, NO_BROWSER_HINT } from '../../../scripts/find-chromium.mjs';
import { CHROMIUM_ARGS, DEMO_RP_PORT, DEMO_RP_URL, PLAYGROUND_URL, PROVIDER_URL } from './config';
import { isListening } from './ports';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket endpoint of the run's one Chromium. */
    browserWsEndpoint: string;
    /** The provider's SQLite file: tests run `latchkey-provider` commands on it (keys rotate). */
    providerDatabase: string;
  }
}

const root = fileURLToPath(new URL('../../..', import.meta.url));
const PORTS = [8787, 5173, DEMO_RP_PORT];
const STARTUP_TIMEOUT_MS = 90_000;

async function waitFor(what: string, check: () => Promise<boolean>, child: ChildProcess, output: string[]) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`npm start exited before ${what} was up:\n${output.join('')}`);
    }
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not come up within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output.join('')}`);
}

function stopGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

export default async function setup(project: TestProject) {
  const busy = [];
  for (const port of PORTS) if (await isListening(port)) busy.push(port);
  if (busy.length > 0) {
    throw new Error(
      `Port ${busy.join(' and ')} ${busy.length > 1 ? 'are' : 'is'} already in use. The browser tests start their own ` +
        `provider (8787), playground (5173) and demo relying party (${DEMO_RP_PORT}) on a fresh database; stop whatever is listening there ` +
        '(an `npm start` in another terminal? It can run beside them on other ports: ' +
        '`npm start -- --provider-port 8790 --playground-port 5180 --demo-port 5182`) and run them again.',
    );
  }
  const browser = findChromium();
  if (browser.path === null) throw new Error(`The browser tests cannot run: ${browser.error}; ${NO_BROWSER_HINT}.`);

  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-e2e-'));
  const output: string[] = [];
  const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so teardown reaches the provider and Vite behind it.
    detached: true,
    env: {
      ...process.env,
      LATCHKEY_DB: join(dataDir, 'latchkey.sqlite'),
      LATCHKEY_CONFIG: fileURLToPath(new URL('./latchkey.config.json', import.meta.url)),
      LATCHKEY_DEMO_RP_PORT: String(DEMO_RP_PORT),
      // The playground bundled first (`npm start -- --built`): each page load is about 1 s instead of about 5 s,
      // the most of most tests' time. The same sources and React development build as the dev server, which
      // hydration.e2e.ts and react18.e2e.ts still drive. LATCHKEY_E2E_DEV_SERVER=1 runs the dev server here too.
      LATCHKEY_PLAYGROUND_BUILT: process.env.LATCHKEY_E2E_DEV_SERVER === '1' ? '' : '1',
    },
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (process.env.LATCHKEY_E2E_VERBOSE) process.stderr.write(chunk);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  let browserServer: BrowserServer | undefined;
  const teardown = async () => {
    await browserServer?.close().catch(() => {});
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      stopGroup(server, 'SIGTERM');
      const timer = setTimeout(() => stopGroup(server, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitFor(
      `the provider (${PROVIDER_URL})`,
      async () => (await fetch(`${PROVIDER_URL}/dev/inbox`)).ok,
      server,
      output,
    );
    await waitFor(`the playground (${PLAYGROUND_URL})`, async () => (await fetch(PLAYGROUND_URL)).ok, server, output);
    await waitFor(`the demo relying party (${DEMO_RP_URL})`, async () => (await fetch(DEMO_RP_URL)).ok, server, output);
    browserServer = await chromium.launchServer({ executablePath: browser.path, args: CHROMIUM_ARGS });
    project.provide('browserWsEndpoint', browserServer.wsEndpoint());
    project.provide('providerDatabase', join(dataDir, 'latchkey.sqlite'));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
