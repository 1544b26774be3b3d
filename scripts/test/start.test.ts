// `npm start` for real: node scripts/start.mjs on free ports (never the browser tests' 8787, 5173 and 5183, nor the
// demo relying party's default 5174), a fresh in-memory database, and no configuration file of the developer's.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const started: ChildProcess[] = [];
const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  for (const child of started.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
});

/** A port nobody listens on right now (the kernel's choice). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Holds `port` on `host` for the rest of the test. */
async function occupy(port: number, host: string): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  servers.push(server);
}

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** Runs start.mjs; the demo relying party gets a free port unless `env` or `args` choose one. */
async function start(env: Record<string, string>, args: string[] = []): Promise<Run> {
  const {
    LATCHKEY_CONFIG: _config,
    VITE_LATCHKEY_API_URL: _api,
    LATCHKEY_DEMO_RP_PORT: _demo,
    LATCHKEY_PLAYGROUND_BUILT: _built,
    ...inherited
  } = process.env;
  const demoPort = String(await freePort());
  const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, LATCHKEY_DB: ':memory:', LATCHKEY_DEMO_RP_PORT: demoPort, ...env },
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

describe('npm start on a port that is taken', () => {
  it("names the provider's port and how to choose another, exits 1, and starts nothing", async () => {
    const [providerPort, playgroundPort] = [await freePort(), await freePort()];
    await occupy(providerPort, '127.0.0.1');
    const run = await start({
      LATCHKEY_PROVIDER_PORT: String(providerPort),
      LATCHKEY_PLAYGROUND_PORT: String(playgroundPort),
    });

    expect(await run.exit).toBe(1);
    expect(run.stderr()).toBe(
      `npm start: port ${providerPort} (the provider) is already in use. Stop what is listening there, or choose ` +
        `another port: LATCHKEY_PROVIDER_PORT=${providerPort + 1} npm start ` +
        `(or npm start -- --provider-port ${providerPort + 1}).\n`,
    );
    expect(run.stdout()).toBe('');
  });

  it("names the playground's port (taken on localhost) the same way, with the flag form of the command", async () => {
    const [providerPort, playgroundPort] = [await freePort(), await freePort()];
    await occupy(playgroundPort, 'localhost');
    const run = await start({}, ['--provider-port', String(providerPort), '--playground-port', String(playgroundPort)]);

    expect(await run.exit).toBe(1);
    expect(run.stderr()).toContain(`npm start: port ${playgroundPort} (the playground) is already in use.`);
    expect(run.stderr()).toContain(`LATCHKEY_PLAYGROUND_PORT=${playgroundPort + 1} npm start`);
    expect(run.stderr()).toContain(`npm start -- --playground-port ${playgroundPort + 1}`);
    expect(run.stderr()).not.toMatch(/\n\s+at /); // no stack trace
    expect(run.stdout()).toBe('');
  });

  it("names the demo relying party's port the same way", async () => {
    const [providerPort, playgroundPort, demoPort] = [await freePort(), await freePort(), await freePort()];
    await occupy(demoPort, '127.0.0.1');
    const run = await start({}, [
      '--provider-port',
      String(providerPort),
      '--playground-port',
      String(playgroundPort),
      '--demo-port',
      String(demoPort),
    ]);

    expect(await run.exit).toBe(1);
    expect(run.stderr()).toContain(`npm start: port ${demoPort} (the demo relying party) is already in use.`);
    expect(run.stderr()).toContain('LATCHKEY_DEMO_RP_PORT=');
    expect(run.stderr()).toContain('npm start -- --demo-port ');
    expect(run.stdout()).toBe('');
  });

  it('rejects a port that is not a number with exit code 2', async () => {
    const run = await start({ LATCHKEY_PLAYGROUND_PORT: 'abc' });
    expect(await run.exit).toBe(2);
    expect(run.stderr()).toBe(
      'npm start: LATCHKEY_PLAYGROUND_PORT must be a port number from 1 to 65535, not "abc".\n',
    );
  });
});

describe('npm start on chosen ports', () => {
  it('prints the addresses once all three servers answer, and the playground talks to the provider on its port', async () => {
    const [providerPort, playgroundPort, demoPort] = [await freePort(), await freePort(), await freePort()];
    const run = await start({
      LATCHKEY_PROVIDER_PORT: String(providerPort),
      LATCHKEY_PLAYGROUND_PORT: String(playgroundPort),
      LATCHKEY_DEMO_RP_PORT: String(demoPort),
    });
    const playground = `http://localhost:${playgroundPort}`;
    const demo = `http://localhost:${demoPort}`;

    await expect
      .poll(() => run.stdout() + (run.child.exitCode === null ? '' : `exited: ${run.stderr()}`), {
        timeout: 120_000,
        interval: 100,
      })
      .toContain(`Latchkey playground: ${playground} (development inbox: ${playground}/inbox;`);

    expect(run.stdout()).toContain(`Demo app (signs in with Latchkey as an OpenID Connect provider): ${demo}\n`);

    // Straight after the line, with no waiting: all three servers are up.
    const page = await fetch(playground);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const demoPage = await fetch(demo);
    expect(demoPage.status).toBe(200);
    expect(await demoPage.text()).toContain('Sign in with Latchkey');
    const inbox = await fetch(`http://127.0.0.1:${providerPort}/dev/inbox`, { headers: { Origin: playground } });
    expect(inbox.status).toBe(200);
    // The provider allows the playground's origin on its non-default port (CORS).
    expect(inbox.headers.get('access-control-allow-origin')).toBe(playground);
    // And the Next.js example's (examples/nextjs on 5176), but not any other origin.
    for (const [origin, allowed] of [
      ['http://localhost:5176', 'http://localhost:5176'],
      ['http://localhost:5199', null],
    ]) {
      const answer = await fetch(`http://127.0.0.1:${providerPort}/dev/inbox`, {
        headers: { Origin: origin as string },
      });
      expect(answer.headers.get('access-control-allow-origin'), origin as string).toBe(allowed);
    }
    // The playground's client is pointed at the provider's port.
    const client = await (await fetch(`${playground}/src/client.ts`)).text();
    expect(client).toContain(`http://localhost:${providerPort}`);

    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });
});

describe('npm start -- --built', () => {
  it('serves the playground bundled, with React development build, pointed at the provider, and cleans up', async () => {
    const temporary = () => readdirSync(tmpdir()).filter((name) => name.startsWith('latchkey-playground-'));
    const before = new Set(temporary());
    const [providerPort, playgroundPort] = [await freePort(), await freePort()];
    const run = await start(
      { LATCHKEY_PROVIDER_PORT: String(providerPort), LATCHKEY_PLAYGROUND_PORT: String(playgroundPort) },
      ['--built'],
    );
    const playground = `http://localhost:${playgroundPort}`;
    await expect
      .poll(() => run.stdout() + (run.child.exitCode === null ? '' : `exited: ${run.stderr()}`), {
        timeout: 120_000,
        interval: 100,
      })
      .toContain(`Latchkey playground: ${playground} (development inbox: ${playground}/inbox;`);

    // The page loads a bundle, not the sources (Vite's dev server would answer /src/main.tsx).
    const html = await (await fetch(`${playground}/session`)).text();
    expect(html).toContain('<div id="root">');
    const entry = html.match(/src="(\/assets\/index-[\w-]+\.js)"/)?.[1];
    expect(entry, html).toBeDefined();
    const bundle = await (await fetch(`${playground}${entry}`)).text();
    // Pointed at the provider's port, and React's development build (its warnings reach the console).
    expect(bundle).toContain(`http://localhost:${providerPort}`);
    expect(bundle).toContain('Encountered two children with the same key');
    expect(html).not.toContain('/@vite/client');

    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    // The build went to a temporary directory of its own, removed on exit.
    await expect.poll(() => temporary().filter((name) => !before.has(name))).toEqual([]);
  });
});
