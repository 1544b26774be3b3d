// Provider throughput: session authenticate, email passcode authenticate and password logins, each driven over
// real HTTP on loopback and reported next to a bare Hono route measured in the same run on the same machine,
// and next to the storage floors (one indexed select, one durable update) on the same database.
// Run by `npm run bench` (scripts/bench.mjs), which puts the Markdown printed on stdout into BENCHMARKS.md;
// progress goes to stderr. `--only=floors,sessions,otps,passwords,mixed` runs a subset (the tables then are
// partial); `--databases=sqlite,postgres` picks the databases (PostgreSQL at LATCHKEY_BENCH_POSTGRES_URL,
// default postgres://postgres@127.0.0.1:55432/postgres; skipped with a note when no server answers).
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { parseConfig } from '../src/config';
import { openDatabase, type ProviderDatabase } from '../src/db/database';
import { BENCH_CONFIG, basicAuth, type ServerReady } from './config';
import { type LoadResult, type LoadSettings, type LoadTarget, measure, measureTogether } from './load';
import { type SeededCode, seedEmailCodes, seedSessions, seedUsers } from './seed';

const SETTINGS: LoadSettings = { connections: 16, warmupSeconds: 1, durationSeconds: 5 };
const SESSION_POOL = 1_000;
const MIN_CODE_POOL = 20_000;
const PASSWORD_USERS = SETTINGS.connections;
const TARGET_NAMES = ['floors', 'sessions', 'otps', 'passwords', 'mixed'] as const;
const DATABASES = ['sqlite', 'postgres'] as const;
type DatabaseName = (typeof DATABASES)[number];
const POSTGRES_URL = process.env.LATCHKEY_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';
/** Session refreshes sent while password logins run: a steady stream, as many signed-in tabs send them. */
const MIXED_SESSION_CONNECTIONS = 4;
const MIXED_SESSION_RATE = 500;
type TargetName = (typeof TARGET_NAMES)[number];

function log(message: string): void {
  process.stderr.write(`[bench:provider] ${message}\n`);
}

interface RunningServer {
  port: number;
  /** The server process's CPU time so far (user + system, µs). */
  cpuMicros(): Promise<number>;
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
        cpuMicros: () =>
          new Promise((answer) => {
            child.once('message', (reply) => answer((reply as { cpuMicros: number }).cpuMicros));
            child.send('cpu');
          }),
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

async function bench(server: RunningServer, target: LoadTarget): Promise<LoadResult> {
  await probe(server.port, target);
  log(`${target.name}: ${SETTINGS.warmupSeconds} s warm-up, then ${SETTINGS.durationSeconds} s measured`);
  const result = await measure(server.port, target, SETTINGS, () => server.cpuMicros());
  log(
    `${target.name}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
      `${Math.round(result.cpuMicrosPerRequest ?? 0)} µs CPU per request`,
  );
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
  /** Sent at a fixed rate: its req/s is the offer, so it has no ratio. */
  fixedRate?: boolean;
}

interface DatabaseRun {
  database: DatabaseName;
  /** The server settings that decide durability (PostgreSQL). */
  settings?: string;
  rows: Row[];
  /** Why this database was not measured, if it was not. */
  skipped?: string;
}

function formatNumber(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(3);
}

function formatRatio(value: number, baseline: number): string {
  const ratio = value / baseline;
  return `${ratio >= 0.1 ? ratio.toFixed(2) : ratio.toPrecision(2)}×`;
}

function formatCpu(micros: number | undefined): string {
  if (micros === undefined) return '—';
  return micros >= 10_000 ? `${(micros / 1000).toFixed(1)} ms` : `${Math.round(micros)} µs`;
}

function formatLatency(ms: number): string {
  // autocannon records whole milliseconds.
  return ms < 1 ? '<1 ms' : `${ms} ms`;
}

/**
 * What each change of the provider's performance work bought: measured once (not by every run) with this bench
 * at each commit on SQLite, sessions and passcodes only; kept here so the section keeps its history.
 */
const CHANGE_NOTES = [
  '### What each change bought',
  '',
  'Measured on 2026-11-24 with this bench at each commit of the change, SQLite, one run per commit on the shared',
  'machine (the ratios of separate runs move with its load; the server CPU per request moves much less). Before',
  'the change the recorded ratios were 0.028× (refresh) and 0.017× (passcode); a profile gave 830 µs of',
  'main-thread CPU per refresh against 27 µs for the bare route.',
  '',
  '| step | refresh: ratio | refresh: server CPU | passcode: ratio | passcode: server CPU |',
  '|---|---:|---:|---:|---:|',
  '| before (every write its own fsync on the event loop; Kysely prepares every statement) | 0.0097× | 1,658 µs | 0.0033× | 3,017 µs |',
  '| driver: statements prepared once, commits of concurrent requests grouped | 0.045× | 496 µs | 0.046× | 502 µs |',
  '| body size from `Content-Length` (no full `Request` built); nesting capped | 0.028× | 463 µs | 0.029× | 501 µs |',
  '| user in one query, ES256 through `node:crypto`, schemas built once, `last_accessed_at` once a minute | 0.14× | 235 µs | 0.084× | 357 µs |',
  '| session and user lookups compiled once per dialect | 0.18× | 137 µs | 0.035× | 365 µs |',
  '| reads on a read-only connection (never wait for a group commit) | 0.17× | 146 µs | 0.044× | 329 µs |',
  '',
  'Then: the WAL is fsynced on libuv\u2019s thread pool instead of inside COMMIT on the event loop (one fsync for',
  'every group committed meanwhile); argon2id runs on worker threads at a lower priority; and `otps/authenticate` runs',
  'its checks and writes in one transaction (one commit instead of five), updating no active user or verified address',
  'again. The security changes merged at the same time (guess slots taken before each check, first-verification',
  'checks against account pre-hijacking, keyed passcode hashes) added statements to that transaction. The tables',
  'above are after all of it.',
];

/** The targets of issue 10 on SQLite at the default durability, checked against this run. */
function renderTargets(rows: Row[], baseline: LoadResult): string[] {
  const find = (prefix: string) => rows.find((row) => row.route.startsWith(prefix))?.result;
  const lines: string[] = [];
  const ratioTarget = (label: string, prefix: string, target: number) => {
    const result = find(prefix);
    if (!result) return;
    const ratio = result.requestsPerSecond / baseline.requestsPerSecond;
    lines.push(
      `- ${label}: ${formatRatio(result.requestsPerSecond, baseline.requestsPerSecond)} (target ≥ ${target.toFixed(2)}×) ${ratio >= target ? '✓' : '✗'}`,
    );
  };
  ratioTarget('Session refresh', '`POST /sdk/v1/sessions/authenticate` (opaque token)', 0.1);
  ratioTarget('Passcode redemption', '`POST /sdk/v1/otps/authenticate`', 0.05);
  const mixed = rows.find((row) => row.route.endsWith('while password logins run'))?.result;
  const alone = rows.find((row) => row.route.endsWith(', alone'))?.result;
  if (mixed) {
    const control = alone ? `; the same stream alone, just before: ${formatLatency(alone.p99)}` : '';
    lines.push(
      `- Refresh p99 while password logins run: ${formatLatency(mixed.p99)} (target < 20 ms${control}) ${mixed.p99 < 20 ? '✓' : '✗'}`,
    );
  }
  return lines.length > 0 ? ['Targets (ratios of this run):', '', ...lines] : [];
}

function renderTable(rows: Row[], baseline: LoadResult): string[] {
  return [
    '| route | req/s | p50 | p99 | ratio to bare Hono | server CPU per request |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ route, result, fixedRate }) =>
        `| ${route} | ${formatNumber(result.requestsPerSecond)} | ${formatLatency(result.p50)} | ${formatLatency(result.p99)} | ${fixedRate ? '(fixed rate)' : formatRatio(result.requestsPerSecond, baseline.requestsPerSecond)} | ${formatCpu(result.cpuMicrosPerRequest)} |`,
    ),
  ];
}

function renderMarkdown(baseline: LoadResult, runs: DatabaseRun[]): string {
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${os.platform()} ${os.arch()}, Node ${process.version}`;
  const titles: Record<DatabaseName, string> = {
    sqlite: 'SQLite (a file; durability `full`, the default: every answered write is fsynced)',
    postgres: 'PostgreSQL (a local server)',
  };
  return [
    '## @latchkey/provider throughput',
    '',
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${machine}). autocannon drives each`,
    `route over HTTP on loopback with ${SETTINGS.connections} connections for ${SETTINGS.durationSeconds} s after a ${SETTINGS.warmupSeconds} s warm-up; each server`,
    'runs in its own process (@hono/node-server). Only 2xx answers are counted and any other answer fails the bench;',
    'every passcode redeemed is a different live code, and password logins hash with argon2id at the production cost.',
    '',
    `\`POST /ping\` on a bare Hono app, the baseline of every ratio: ${formatNumber(baseline.requestsPerSecond)} req/s, p50 ${formatLatency(baseline.p50)}, p99 ${formatLatency(baseline.p99)}, ${formatCpu(baseline.cpuMicrosPerRequest)} of server CPU per request.`,
    '',
    'Server CPU per request is the CPU time (user + system, every thread: the event loop, garbage collection,',
    'argon2id) the server process spent during the measured run, divided by the requests it answered; it moves',
    'less with the load of the machine than the rates do.',
    '',
    'The floors are plain Hono routes on the same database with no provider code: one indexed select of a session',
    'by token hash, and one durable update of it (its own commit: one fsync per request on SQLite). Read each',
    'provider row against the storage it needs: a refresh needs one select (and a write at most once a minute per',
    'session), a passcode redemption a few durable writes (grouped with other requests\u2019 in one commit on SQLite).',
    ...runs.flatMap(({ database, rows, skipped, settings }) => [
      '',
      `### ${titles[database]}`,
      '',
      ...(settings
        ? [
            `Server settings: ${settings}. With \`fsync = off\` (the test server of \`scripts/start-postgres.sh\`) no commit`,
            'waits for the disk, so the durable-update floor and the provider rows here do not pay for durability.',
            '',
          ]
        : []),
      ...(skipped ? [`Not measured: ${skipped}.`] : renderTable(rows, baseline)),
      ...(database === 'sqlite' && !skipped ? ['', ...renderTargets(rows, baseline)] : []),
    ]),
    '',
    'Compare the ratios, not the absolute rates: a ratio is the share of a bare Hono route\u2019s throughput on the',
    'same machine in the same run, so it travels between machines, while the password rows are the number of',
    'password logins per second one provider process serves here. The machine was shared with other work while',
    'this ran, so single numbers are noisy; the ratios of one run are what to compare.',
    '',
    ...CHANGE_NOTES,
  ].join('\n');
}

/** A throwaway PostgreSQL database for one run, or why there is none. */
async function freshPostgres(): Promise<
  { url: string; settings: string; drop(): Promise<void> } | { skipped: string }
> {
  const name = `latchkey_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  let settings = '';
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const shown = await Promise.all(
      ['fsync', 'synchronous_commit'].map(async (setting) => {
        const { rows } = await admin.query(`SHOW ${setting}`);
        return `\`${setting} = ${Object.values(rows[0] ?? {})[0]}\``;
      }),
    );
    settings = shown.join(', ');
  } catch (error) {
    return { skipped: `no PostgreSQL server answered at ${new URL(POSTGRES_URL).host} (${(error as Error).message})` };
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    settings,
    async drop() {
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function runDatabase(database: DatabaseName, selected: Set<TargetName>): Promise<DatabaseRun> {
  let target: string;
  let drop: () => Promise<void>;
  let settings: string | undefined;
  if (database === 'postgres') {
    const fresh = await freshPostgres();
    if ('skipped' in fresh) return { database, rows: [], skipped: fresh.skipped };
    target = fresh.url;
    drop = fresh.drop;
    settings = fresh.settings;
  } else {
    const directory = mkdtempSync(join(os.tmpdir(), 'latchkey-throughput-'));
    target = join(directory, 'provider.sqlite');
    drop = async () => rmSync(directory, { recursive: true, force: true });
  }
  log(`${database}: starting`);
  const rows: Row[] = [];
  const projectId = parseConfig(BENCH_CONFIG).project.projectId;
  let server: RunningServer | undefined;
  let handle: ProviderDatabase | undefined;
  try {
    // The server process creates and migrates the database; fixtures go in through a second handle.
    server = await startServer(['provider', target]);
    handle = await openDatabase(target);
    const { db } = handle;
    const { port } = server;
    const sessionUsers = await seedUsers(db, projectId, 'session', SESSION_POOL);
    const sessionHeaders = (await seedSessions(db, projectId, sessionUsers)).map((token) => basicAuth(token));
    const sessionTarget = (): LoadTarget => {
      const nextHeader = cycle(sessionHeaders);
      return {
        name: `${database}: POST /sdk/v1/sessions/authenticate`,
        path: '/sdk/v1/sessions/authenticate',
        next: () => ({ authorization: nextHeader(), body: '{}' }),
      };
    };

    if (selected.has('floors')) {
      const floor = await startServer(['floor', target]);
      try {
        for (const [path, route] of [
          ['/floor/select', '`POST /floor/select` (floor: one indexed select)'],
          ['/floor/update', '`POST /floor/update` (floor: one durable update)'],
        ] as const) {
          const nextHeader = cycle(sessionHeaders);
          const result = await bench(floor, {
            name: `${database}: POST ${path}`,
            path,
            next: () => ({ authorization: nextHeader(), body: '{}' }),
          });
          rows.push({ route, result });
        }
      } finally {
        await floor.stop();
      }
    }

    // The passcode pool is sized from this run; without it, the floor applies.
    let sessionsPerSecond = 0;
    if (selected.has('sessions')) {
      const result = await bench(server, sessionTarget());
      sessionsPerSecond = result.requestsPerSecond;
      rows.push({ route: '`POST /sdk/v1/sessions/authenticate` (opaque token)', result });
    }

    if (selected.has('otps')) {
      // Redeeming a passcode does more work than a refresh, so the refresh rate bounds how many are needed;
      // twice that, and never fewer than 20,000, absorbs a machine that gets quieter.
      const seconds = SETTINGS.warmupSeconds + SETTINGS.durationSeconds + 1;
      const poolSize = Math.max(Math.ceil(sessionsPerSecond * seconds * 2), MIN_CODE_POOL);
      log(`${database}: seeding ${poolSize} users with a live email passcode each`);
      const codes = await seedEmailCodes(db, projectId, await seedUsers(db, projectId, 'otp', poolSize));
      const codes_ = codeTarget(codes);
      try {
        rows.push({ route: '`POST /sdk/v1/otps/authenticate` (email passcode)', result: await bench(server, codes_) });
      } catch (error) {
        if (codes_.exhausted()) throw new Error(`The ${codes.length} seeded passcodes ran out; seed more.`);
        throw error;
      }
    }

    if (selected.has('passwords') || selected.has('mixed')) {
      const nextUser = cycle(await createPasswordUsers(port, PASSWORD_USERS));
      const passwordTarget: LoadTarget = {
        name: `${database}: POST /sdk/v1/passwords/authenticate`,
        path: '/sdk/v1/passwords/authenticate',
        next: () => ({
          authorization: basicAuth(),
          body: JSON.stringify({ ...nextUser(), session_duration_minutes: 30 }),
        }),
      };
      if (selected.has('passwords')) {
        const result = await bench(server, passwordTarget);
        rows.push({ route: '`POST /sdk/v1/passwords/authenticate` (password logins)', result });
      }
      if (selected.has('mixed')) {
        // Logins hash on libuv's threads: a refresh arriving meanwhile must not wait behind them.
        await probe(port, passwordTarget);
        // The same stream of refreshes alone first: the control the row below is read against.
        const [alone] = (await measureTogether(
          port,
          [{ target: sessionTarget(), connections: MIXED_SESSION_CONNECTIONS, overallRate: MIXED_SESSION_RATE }],
          SETTINGS,
        )) as [LoadResult];
        rows.push({
          route: `\`POST /sdk/v1/sessions/authenticate\` (${MIXED_SESSION_RATE} req/s offered), alone`,
          result: alone,
          fixedRate: true,
        });
        log(`${database}: password logins and session refreshes together`);
        const [logins, refreshes] = (await measureTogether(
          port,
          [
            { target: passwordTarget, connections: SETTINGS.connections },
            { target: sessionTarget(), connections: MIXED_SESSION_CONNECTIONS, overallRate: MIXED_SESSION_RATE },
          ],
          SETTINGS,
        )) as [LoadResult, LoadResult];
        log(
          `${database}: mixed: logins ${Math.round(logins.requestsPerSecond)} req/s; refreshes p99 ${refreshes.p99} ms`,
        );
        rows.push({
          route: `\`POST /sdk/v1/passwords/authenticate\` (${SETTINGS.connections} connections) while refreshes run`,
          result: logins,
        });
        rows.push({
          route: `\`POST /sdk/v1/sessions/authenticate\` (${MIXED_SESSION_RATE} req/s offered) while password logins run`,
          result: refreshes,
          fixedRate: true,
        });
      }
    }
  } finally {
    await handle?.close();
    await server?.stop();
    await drop();
  }
  return { database, rows, settings };
}

async function main(): Promise<void> {
  const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const only = argument('only');
  const selected = new Set<TargetName>(only ? (only.split(',') as TargetName[]) : [...TARGET_NAMES]);
  const databases = (argument('databases')?.split(',') ?? [...DATABASES]) as DatabaseName[];

  const bare = await startServer(['bare']);
  let baseline: LoadResult;
  try {
    baseline = await bench(bare, { name: 'POST /ping (bare Hono)', path: '/ping', next: () => ({ body: '{}' }) });
  } finally {
    await bare.stop();
  }
  const runs: DatabaseRun[] = [];
  for (const database of databases) runs.push(await runDatabase(database, selected));
  process.stdout.write(`${renderMarkdown(baseline, runs)}\n`);
}

await main();
