// Graceful shutdown of the `latchkey-provider` command: SIGTERM stops the listener at once, `/readyz` answers 503
// from then on, every request in flight (password sign-ups, each an argon2id hash) is answered, the database pool
// closes and the process exits 0; past `shutdown.graceSeconds` whatever is still open is cut and the exit code is 1.
// A real child process on a real port, on SQLite or (in the PostgreSQL pass) a throwaway PostgreSQL database.
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshDatabase, PUBLIC_TOKEN, postgresUrl } from '../testing/harness';
import { listeningUrl, type ProviderProcess, spawnProvider, tempDir } from './spawnProvider';

const AUTH = `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`).toString('base64')}`;

interface Answer {
  status: number;
  body: any;
}

/**
 * A POST whose headers and first half of the body are sent now and the rest only on `finish()`: the server has
 * begun the request (its handler waits for the body) and cannot have answered it, however long the test waits.
 */
function heldPost(base: string, path: string, body: unknown): { answer: Promise<Answer>; finish(): void } {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  const url = new URL(base);
  const req = request({
    host: url.hostname,
    port: url.port,
    path,
    method: 'POST',
    agent: false,
    headers: { authorization: AUTH, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        data += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(data) }));
      res.on('error', reject);
    });
  });
  req.write(text.slice(0, half));
  return { answer, finish: () => req.end(text.slice(half)) };
}

/** A GET whose request line and first header are sent now, the end of the headers only on `finish()`. */
async function heldGet(base: string, path: string): Promise<{ finish(): Promise<Answer> }> {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  await once(socket, 'connect');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n`);
  let data = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    data += chunk;
  });
  const closed = once(socket, 'close');
  return {
    async finish() {
      socket.write('Connection: close\r\n\r\n');
      await closed;
      const [head = '', body = ''] = data.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
    },
  };
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Does a new connection to `url` fail (the listener is closed)? */
async function refused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return false;
  } catch {
    return true;
  }
}

/** Starts the command on a fresh database of the kind under test with `config`; `drop()` removes the database. */
async function startCli(config: object): Promise<{ cli: ProviderProcess; url: string; drop(): Promise<void> }> {
  const dir = tempDir();
  const fresh = postgresUrl ? await freshDatabase() : null;
  const db = fresh ? fresh.url : join(dir, 'provider.sqlite');
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  const cli = spawnProvider(['start', '--port', '0', '--db', db, '--config', 'config.json'], { cwd: dir });
  const url = await listeningUrl(cli);
  return { cli, url, drop: async () => fresh?.drop() };
}

describe('graceful shutdown (SIGTERM)', () => {
  it('stops accepting, turns /readyz 503, answers every request in flight and exits 0', async () => {
    // A grace long enough for six argon2id hashes on a loaded two-core machine: nothing may be cut here.
    const { cli, url, drop } = await startCli({ shutdown: { graceSeconds: 60 } });
    try {
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const signUps = Array.from({ length: 6 }, (_, index) =>
        heldPost(url, '/sdk/v1/passwords', {
          email: `drain${index}@example.com`,
          password: 'correct horse battery staple',
        }),
      );
      const readyz = await heldGet(url, '/readyz');
      // Answered only once the server has read what came before it on the other connections.
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));

      const started = Date.now();
      cli.child.kill('SIGTERM');
      await waitFor(() => cli.stdout().includes('Received SIGTERM; stopping.'), 'the shutdown to begin');
      await waitFor(() => refused(url), 'the listener to close');
      // A request that arrives on a connection opened before the shutdown is answered: not ready.
      expect(await readyz.finish()).toEqual({ status: 503, body: { status: 'unavailable', reason: 'shutting_down' } });

      // Only now do the sign-ups' bodies arrive, and each is still hashed and answered.
      for (const signUp of signUps) signUp.finish();
      const answers = await Promise.all(signUps.map((signUp) => signUp.answer));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body.data.session_token).toMatch(/^[\w-]{40,}$/);
      }

      expect(await cli.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(cli.stdout()).toContain('Stopped: every request was answered.');
      expect(cli.stderr()).toBe('');
      // Each sign-up was logged, after the shutdown began.
      const afterSignal = cli.stdout().slice(cli.stdout().indexOf('Received SIGTERM'));
      expect(afterSignal.match(/ POST \/sdk\/v1\/passwords 200 /g)).toHaveLength(6);
    } finally {
      await drop();
    }
  });

  it('with shutdown.readinessDelaySeconds, keeps serving new connections (readyz 503, the rest answered) until the delay ends', async () => {
    const { cli, url, drop } = await startCli({ shutdown: { graceSeconds: 10, readinessDelaySeconds: 3 } });
    try {
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const started = Date.now();
      cli.child.kill('SIGTERM');
      await waitFor(() => cli.stdout().includes('Received SIGTERM; stopping.'), 'the shutdown to begin');
      // During the delay a load balancer's check, on a new connection, sees 503; traffic still routed here is served.
      const readyz = await fetch(`${url}/readyz`, { headers: { connection: 'close' } });
      expect({ status: readyz.status, body: await readyz.json() }).toEqual({
        status: 503,
        body: { status: 'unavailable', reason: 'shutting_down' },
      });
      expect((await fetch(`${url}/healthz`, { headers: { connection: 'close' } })).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(cli.stdout()).toContain('Closing the listener in 3 s (shutdown.readinessDelaySeconds).');
      // Then the listener closes and the process exits 0, not before the delay has passed.
      await waitFor(() => refused(url), 'the listener to close');
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
      expect(await cli.exited).toEqual({ code: 0, signal: null });
      expect(cli.stdout()).toContain('Stopped: every request was answered.');
    } finally {
      await drop();
    }
  });

  it('cuts what is still open after shutdown.graceSeconds and exits 1', async () => {
    const { cli, url, drop } = await startCli({ shutdown: { graceSeconds: 1 } });
    try {
      // A request whose body never comes.
      const stuck = heldPost(url, '/sdk/v1/passwords', { email: 'stuck@example.com', password: 'correct horse' });
      let cutAt = 0;
      const outcome = stuck.answer.then(
        () => 'answered',
        (error: NodeJS.ErrnoException) => {
          cutAt = Date.now();
          return error.code;
        },
      );
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toEqual({ code: 1, signal: null });
      // One second of grace, then the cut; the rest is closing the pool and a loaded machine's scheduling.
      expect(Date.now() - started).toBeLessThan(6_000);
      expect(await outcome).toBe('ECONNRESET');
      // Cut when the one second of grace ran out (not at some other bound), give or take a loaded machine.
      expect(cutAt - started).toBeGreaterThanOrEqual(900);
      expect(cutAt - started).toBeLessThan(4_000);
      expect(cli.stdout()).toContain('Stopped: requests still open after 1 s were cut.');
    } finally {
      await drop();
    }
  });
});
