// Provider throughput: session authenticate, email passcode authenticate and password logins, each driven over
// real HTTP on loopback and reported next to a bare Hono route measured in the same run on the same machine.
// Run by `npm run bench` (scripts/bench.mjs), which puts the Markdown printed on stdout into BENCHMARKS.md;
// progress goes to stderr. `--only=ping,sessions,otps,passwords` runs a subset (the table then is partial).
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '../src/config';
import { openDatabase, type ProviderDatabase } from '../src/db/database';
import { BENCH_CONFIG, basicAuth, type ServerReady } from './config';
import { type LoadResult, type LoadSettings, type LoadTarget, measure } from './load';
import { type SeededCode, seedEmailCodes, seedSessions, seedUsers } from './seed';

const SETTINGS: LoadSettings = { connections: 16, warmupSeconds: 1, durationSeconds: 5 };
const SESSION_POOL = 1_000;
const MIN_CODE_POOL = 20_000;
const PASSWORD_USERS = SETTINGS.connections;
const TARGET_NAMES = ['ping', 'sessions', 'otps', 'passwords'] as const;
type TargetName = (typeof TARGET_NAMES)[number];

function log(message: string): void {
  process.stderr.write(`[bench:provider] ${message}\n`);
}

interface RunningServer {
  port: number;
  stop(): Promise<void>;
}

/** Starts `server.ts` in its own process, so the load generator and the server never share a CPU thread. */
function startServer(args: string[]): Promise<RunningServer> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), args, {
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The ${args[0]} server exited (code ${code}) before listening`)));
    child.once('message', (message) => {
      const { port } = message as ServerReady;
      resolve({
        port,
        async stop() {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

/** Sends one request of the target and insists on a 2xx, so a broken route fails with its own error body. */
async function probe(port: number, target: LoadTarget): Promise<void> {
  const { authorization, body } = target.next();
  const response = await fetch(`http://127.0.0.1:${port}${target.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body,
  });
  if (response.status < 200 || response.status > 299) {
    throw new Error(`${target.name}: the probe got ${response.status} ${await response.text()}`);
  }
}

async function bench(port: number, target: LoadTarget): Promise<LoadResult> {
  await probe(port, target);
  log(`${target.name}: ${SETTINGS.warmupSeconds} s warm-up, then ${SETTINGS.durationSeconds} s measured`);
  const result = await measure(port, target, SETTINGS);
  log(`${target.name}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
  return result;
}

function cycle<T>(items: T[]): () => T {
  let index = 0;
  return () => {
    const item = items[index % items.length] as T;
    index += 1;
    return item;
  };
}

/** Hands out each passcode once; when the pool runs dry it sends a wrong one, which fails the run loudly. */
function codeTarget(codes: SeededCode[]): LoadTarget & { exhausted(): boolean } {
  let index = 0;
  return {
    name: 'POST /sdk/v1/otps/authenticate',
    path: '/sdk/v1/otps/authenticate',
    exhausted: () => index > codes.length,
    next() {
      const code = codes[index] ?? { methodId: 'email-test-pool-exhausted', code: '000000' };
      index += 1;
      return {
        authorization: basicAuth(),
        body: JSON.stringify({ token: code.code, method_id: code.methodId, session_duration_minutes: 30 }),
      };
    },
  };
}

/** Signs `count` users up through `POST /passwords` (the real argon2id hashing), returning their credentials. */
async function createPasswordUsers(port: number, count: number): Promise<{ email: string; password: string }[]> {
  const users = Array.from({ length: count }, (_, index) => ({
    email: `password-${index}@bench.latchkey.dev`,
    password: `Quartz-lantern-${index}-orbits-a-velvet-harbor`,
  }));
  for (const user of users) {
    const response = await fetch(`http://127.0.0.1:${port}/sdk/v1/passwords`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuth() },
      body: JSON.stringify({ ...user, session_duration_minutes: 30 }),
    });
    if (!response.ok) throw new Error(`POST /passwords got ${response.status} ${await response.text()}`);
  }
  return users;
}

interface Row {
  route: string;
  result: LoadResult;
}

function formatNumber(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(3);
}

function formatRatio(value: number, baseline: number): string {
  const ratio = value / baseline;
  return `${ratio >= 0.1 ? ratio.toFixed(2) : ratio.toPrecision(2)}×`;
}

function formatLatency(ms: number): string {
  // autocannon records whole milliseconds.
  return ms < 1 ? '<1 ms' : `${ms} ms`;
}

function renderMarkdown(rows: Row[], baseline: LoadResult | undefined): string {
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${os.platform()} ${os.arch()}, Node ${process.version}`;
  return [
    '## @latchkey/provider throughput',
    '',
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${machine}). autocannon drives each`,
    `route over HTTP on loopback with ${SETTINGS.connections} connections for ${SETTINGS.durationSeconds} s after a ${SETTINGS.warmupSeconds} s warm-up; each server`,
    'runs in its own process (@hono/node-server), the provider on a SQLite file (WAL, `synchronous = FULL`). Only',
    '2xx answers are counted and any other answer fails the bench; every passcode redeemed is a different live',
    'code, and password logins hash with argon2id at the production cost.',
    '',
    '| route | req/s | p50 | p99 | ratio to bare Hono |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      ({ route, result }) =>
        `| ${route} | ${formatNumber(result.requestsPerSecond)} | ${formatLatency(result.p50)} | ${formatLatency(result.p99)} | ${
          baseline ? formatRatio(result.requestsPerSecond, baseline.requestsPerSecond) : 'n/a'
        } |`,
    ),
    '',
    'Compare the ratios, not the absolute rates: a ratio is the share of a bare Hono route\u2019s throughput on the',
    'same machine that the call keeps, so it travels between machines, while the password row is the number of',
    'password logins per second one provider process serves here.',
  ].join('\n');
}

async function main(): Promise<void> {
  const only = process.argv.find((arg) => arg.startsWith('--only='));
  const selected = new Set<TargetName>(
    only ? (only.slice('--only='.length).split(',') as TargetName[]) : [...TARGET_NAMES],
  );
  const rows: Row[] = [];
  let baseline: LoadResult | undefined;

  if (selected.has('ping')) {
    const bare = await startServer(['bare']);
    try {
      baseline = await bench(bare.port, {
        name: 'POST /ping (bare Hono)',
        path: '/ping',
        next: () => ({ body: '{}' }),
      });
      rows.push({ route: '`POST /ping` (bare Hono, baseline)', result: baseline });
    } finally {
      await bare.stop();
    }
  }

  const directory = mkdtempSync(join(os.tmpdir(), 'latchkey-throughput-'));
  const dbFile = join(directory, 'provider.sqlite');
  const projectId = parseConfig(BENCH_CONFIG).project.projectId;
  let server: RunningServer | undefined;
  let database: ProviderDatabase | undefined;
  try {
    // The server process creates and migrates the database; fixtures go in through a second handle.
    server = await startServer(['provider', dbFile]);
    database = await openDatabase(dbFile);
    const { db } = database;
    const { port } = server;
    // The passcode pool is sized from this run; without it, the floor applies.
    let sessionsPerSecond = 0;

    if (selected.has('sessions')) {
      const users = await seedUsers(db, projectId, 'session', SESSION_POOL);
      const headers = (await seedSessions(db, projectId, users)).map((token) => basicAuth(token));
      const nextHeader = cycle(headers);
      const result = await bench(port, {
        name: 'POST /sdk/v1/sessions/authenticate',
        path: '/sdk/v1/sessions/authenticate',
        next: () => ({ authorization: nextHeader(), body: '{}' }),
      });
      sessionsPerSecond = result.requestsPerSecond;
      rows.push({ route: '`POST /sdk/v1/sessions/authenticate` (opaque token)', result });
    }

    if (selected.has('otps')) {
      // Redeeming a passcode does more work than a refresh, so the refresh rate bounds how many are needed;
      // twice that, and never fewer than 20,000 (two seconds of seeding), absorbs a machine that gets quieter.
      const seconds = SETTINGS.warmupSeconds + SETTINGS.durationSeconds + 1;
      const poolSize = Math.max(Math.ceil(sessionsPerSecond * seconds * 2), MIN_CODE_POOL);
      log(`seeding ${poolSize} users with a live email passcode each`);
      const codes = await seedEmailCodes(db, projectId, await seedUsers(db, projectId, 'otp', poolSize));
      const target = codeTarget(codes);
      try {
        rows.push({ route: '`POST /sdk/v1/otps/authenticate` (email passcode)', result: await bench(port, target) });
      } catch (error) {
        if (target.exhausted()) throw new Error(`The ${codes.length} seeded passcodes ran out; seed more.`);
        throw error;
      }
    }

    if (selected.has('passwords')) {
      const nextUser = cycle(await createPasswordUsers(port, PASSWORD_USERS));
      const result = await bench(port, {
        name: 'POST /sdk/v1/passwords/authenticate',
        path: '/sdk/v1/passwords/authenticate',
        next: () => ({
          authorization: basicAuth(),
          body: JSON.stringify({ ...nextUser(), session_duration_minutes: 30 }),
        }),
      });
      rows.push({ route: '`POST /sdk/v1/passwords/authenticate` (password logins)', result });
    }
  } finally {
    await database?.close();
    await server?.stop();
    rmSync(directory, { recursive: true, force: true });
  }

  process.stdout.write(`${renderMarkdown(rows, baseline)}\n`);
}

await main();
