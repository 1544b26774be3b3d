// Provider throughput: session authenticate, email passcode authenticate and password logins, each driven over
// real HTTP on loopback and reported as a ratio to a bare Hono route measured in the same rounds on the same machine,
// next to the storage floors (one indexed select, one durable update) on the same database.
//
// Rounds, interleaved: every target (the bare route included) is warmed up once, then measured for a short run in
// each of several rounds, the order rotating from round to round. A round's ratio is the target's rate over the bare
// route's rate in that same round, so a machine that gets busier or quieter moves both; the table gives the median
// ratio over the rounds and its spread (min–max), the server CPU per request (process.cpuUsage of the server
// processes) and, on PostgreSQL, the database's CPU per request (its processes in /proc) and the statements per
// request (the provider's Kysely log; BEGIN and COMMIT included). The machine's load average is recorded with them.
//
// PostgreSQL runs at its default durability in a cluster of the bench's own (bench/postgresCluster.ts: port 55433,
// fsync and synchronous_commit on), started and removed by the bench; LATCHKEY_BENCH_POSTGRES_URL names another
// server instead. The same rounds measure three provider instances on one database against one.
//
// Run by `npm run bench` (scripts/bench.mjs), which puts the Markdown printed on stdout into BENCHMARKS.md; progress
// goes to stderr. `--only=floors,sessions,otps,passwords,mixed,instances` runs a subset (the tables then are
// partial); `--databases=sqlite,postgres` picks the databases; LATCHKEY_BENCH_ROUNDS sets the rounds (default 5) and
// LATCHKEY_BENCH_ROUND_SECONDS their length (default 2).
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { parseConfig } from '../src/config';
import { openDatabase, type ProviderDatabase } from '../src/db/database';
import { BENCH_CONFIG, basicAuth, type ServerReady } from './config';
import { type LoadResult, type LoadTarget, measureTogether, type RoundResult, runRound } from './load';
import { type BenchCluster, startBenchCluster } from './postgresCluster';
import { type SeededCode, seedEmailCodes, seedSessions, seedUsers } from './seed';

const CONNECTIONS = 16;
const WARMUP_SECONDS = 1;
const ROUNDS = Number(process.env.LATCHKEY_BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.LATCHKEY_BENCH_ROUND_SECONDS ?? 2);
/** The fixed-rate (mixed) rows run once, after the rounds, for this long. */
const MIXED_SETTINGS = { connections: CONNECTIONS, warmupSeconds: 1, durationSeconds: 5 };
const SESSION_POOL = 1_000;
const MIN_CODE_POOL = 20_000;
const PASSWORD_USERS = CONNECTIONS;
const INSTANCES = 3;
const TARGET_NAMES = ['floors', 'sessions', 'otps', 'passwords', 'mixed', 'instances'] as const;
const DATABASES = ['sqlite', 'postgres'] as const;
type DatabaseName = (typeof DATABASES)[number];
type TargetName = (typeof TARGET_NAMES)[number];
const BENCH_POSTGRES_PORT = 55433;
/** Session refreshes sent while password logins run: a steady stream, as many signed-in tabs send them. */
const MIXED_SESSION_CONNECTIONS = 4;
const MIXED_SESSION_RATE = 500;

function log(message: string): void {
  process.stderr.write(`[bench:provider] ${message}\n`);
}

interface Usage {
  /** CPU time so far (user + system, µs). */
  cpuMicros: number;
  /** Statements the provider has sent to its database so far (0 for other servers). */
  statements: number;
}

interface RunningServer {
  port: number;
  usage(): Promise<Usage>;
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
        usage: () =>
          new Promise((answer) => {
            child.once('message', (reply) => answer(reply as Usage));
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

/**
 * CPU time (µs) of every process of a local PostgreSQL cluster so far: the postmaster and its children, from /proc.
 * A backend that exits (a pool closing an idle connection) keeps the time it was last seen with, so the total never
 * goes back.
 */
function clusterCpu(dataDirectory: string): () => number {
  const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const postmaster = (readFileSync(join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '').trim();
  const seen = new Map<string, number>();
  return () => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue;
      }
      // Fields after the command name (which may hold spaces) start at field 3, "state".
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (entry !== postmaster && fields[1] !== postmaster) continue;
      // Keyed by pid and start time, so a reused pid is another process.
      seen.set(`${entry}:${fields[19]}`, Number(fields[11]) + Number(fields[12]));
    }
    let total = 0;
    for (const value of seen.values()) total += value;
    return (total * 1_000_000) / ticks;
  };
}

/** Waits until the servers have stopped sending statements (at most 3 s), plus a moment for the rest. */
async function settle(servers: RunningServer[]): Promise<void> {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
  const deadline = Date.now() + 3_000;
  let last = -1;
  while (Date.now() < deadline) {
    const now = (await Promise.all(servers.map((each) => each.usage()))).reduce(
      (sum, usage) => sum + usage.statements,
      0,
    );
    if (now === last) break;
    last = now;
    await pause();
  }
  await pause();
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

function cycle<T>(items: T[]): () => T {
  let index = 0;
  return () => {
    const item = items[index % items.length] as T;
    index += 1;
    return item;
  };
}

/** Hands out each passcode once; when the pool runs dry it sends a wrong one, which fails the run loudly. */
function codeTarget(name: string, codes: SeededCode[]): LoadTarget & { exhausted(): boolean } {
  let index = 0;
  return {
    name,
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

/** A target measured in every round: the route, the servers that answer it and what it is compared with. */
interface RoundTarget {
  key: string;
  /** The Markdown label of its row. */
  route: string;
  servers: RunningServer[];
  load: LoadTarget;
  /** Another target's key: the row also shows its rate relative to that one (three instances against one). */
  against?: string;
  /** The provider counts its statements; the floors and the bare route do not. */
  countsStatements: boolean;
}

/** What the rounds gave for one target. */
interface Measured {
  target: RoundTarget;
  rounds: RoundResult[];
  cpuMicros: number;
  databaseCpuMicros: number | null;
  statements: number;
  requests: number;
}

interface FixedRateRow {
  route: string;
  result: LoadResult;
}

interface DatabaseRun {
  database: DatabaseName;
  /** The server settings that decide durability (PostgreSQL). */
  settings?: string;
  /** Where the server runs: the bench's own cluster, or the one LATCHKEY_BENCH_POSTGRES_URL names. */
  server?: string;
  measured: Measured[];
  fixedRate: FixedRateRow[];
  loadBefore: number[];
  loadAfter: number[];
  /** Why this database was not measured, if it was not. */
  skipped?: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function formatNumber(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(3);
}

function formatRatioValue(ratio: number): string {
  return ratio >= 0.1 ? ratio.toFixed(2) : ratio.toPrecision(2);
}

function formatCpu(micros: number | null | undefined): string {
  if (micros === undefined || micros === null || !Number.isFinite(micros)) return '—';
  return micros >= 10_000 ? `${(micros / 1000).toFixed(1)} ms` : `${Math.round(micros)} µs`;
}

function formatLatency(ms: number): string {
  // autocannon records whole milliseconds.
  return ms < 1 ? '<1 ms' : `${ms} ms`;
}

function formatLoad(load: number[]): string {
  return load.map((value) => value.toFixed(2)).join(', ');
}

/** Per round, the target's rate over the `reference` target's rate in the same round. */
function roundRatios(measured: Measured, reference: Measured): number[] {
  return measured.rounds.map(
    (round, index) => round.requestsPerSecond / (reference.rounds[index] as RoundResult).requestsPerSecond,
  );
}

function ratioCell(ratios: number[]): string {
  const spread =
    ratios.length > 1 ? ` (${formatRatioValue(Math.min(...ratios))}–${formatRatioValue(Math.max(...ratios))})` : '';
  return `${formatRatioValue(median(ratios))}×${spread}`;
}

/**
 * What each change of the provider's performance work bought: measured once (not by every run) with this bench
 * at each commit; kept here so the section keeps its history.
 */
const CHANGE_NOTES = [
  '### What each change bought (SQLite, 2026-11-24)',
  '',
  'Measured with the bench of then (the bare route once, before the routes) at each commit of the change, SQLite, one',
  'run per commit on the shared machine (the ratios of separate runs move with its load; the server CPU per request',
  'moves much less). Before the change the recorded ratios were 0.028× (refresh) and 0.017× (passcode); a profile gave',
  '830 µs of main-thread CPU per refresh against 27 µs for the bare route.',
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
  'checks against account pre-hijacking, keyed passcode hashes) added statements to that transaction.',
];

/** Targets of issues 10 and 26, checked against this run's median ratios. */
const RATIO_TARGETS: Record<DatabaseName, { label: string; key: string; target: number }[]> = {
  sqlite: [
    { label: 'Session refresh', key: 'sessions', target: 0.1 },
    { label: 'Passcode redemption, returning user', key: 'otps', target: 0.06 },
    { label: 'Passcode redemption, first sign-in', key: 'otps-first', target: 0.06 },
  ],
  postgres: [
    { label: 'Session refresh', key: 'sessions', target: 0.12 },
    { label: 'Passcode redemption, returning user', key: 'otps', target: 0.04 },
    { label: 'Passcode redemption, first sign-in', key: 'otps-first', target: 0.04 },
  ],
};

function renderTargets(run: DatabaseRun, baseline: Measured): string[] {
  const lines: string[] = [];
  for (const { label, key, target } of RATIO_TARGETS[run.database]) {
    const measured = run.measured.find((entry) => entry.target.key === key);
    if (!measured) continue;
    const ratios = roundRatios(measured, baseline);
    const value = median(ratios);
    lines.push(
      `- ${label}: ${ratioCell(ratios)} (target ≥ ${target.toFixed(2)}×) ${value >= target ? '✓' : '✗'}${Math.min(...ratios) < target && value >= target ? ' (not in every round)' : ''}`,
    );
  }
  const mixed = run.fixedRate.find((row) => row.route.endsWith('while password logins run'))?.result;
  const alone = run.fixedRate.find((row) => row.route.endsWith(', alone'))?.result;
  if (mixed && run.database === 'sqlite') {
    const control = alone ? `; the same stream alone, just before: ${formatLatency(alone.p99)}` : '';
    lines.push(
      `- Refresh p99 while password logins run: ${formatLatency(mixed.p99)} (target < 20 ms${control}) ${mixed.p99 < 20 ? '✓' : '✗'}`,
    );
  }
  return lines.length > 0 ? ['Targets (median ratios of this run):', '', ...lines] : [];
}

function renderTable(run: DatabaseRun): string[] {
  const baseline = run.measured.find((entry) => entry.target.key === 'bare') as Measured;
  const postgres = run.database === 'postgres';
  const header = postgres
    ? [
        '| route | req/s (median) | p50 | p99 | ratio to bare Hono: median (min–max) | server CPU per request | database CPU per request | statements per request |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
      ]
    : [
        '| route | req/s (median) | p50 | p99 | ratio to bare Hono: median (min–max) | server CPU per request | statements per request |',
        '|---|---:|---:|---:|---:|---:|---:|',
      ];
  const rows = run.measured.map((measured) => {
    const rates = measured.rounds.map((round) => round.requestsPerSecond);
    const ratio = measured === baseline ? '1 (baseline)' : ratioCell(roundRatios(measured, baseline));
    const against = measured.target.against
      ? run.measured.find((entry) => entry.target.key === measured.target.against)
      : undefined;
    const versus = against ? `; ${ratioCell(roundRatios(measured, against))} of one instance` : '';
    const statements = measured.target.countsStatements
      ? (measured.statements / Math.max(1, measured.requests)).toFixed(1)
      : '—';
    const cells = [
      measured.target.route,
      formatNumber(median(rates)),
      formatLatency(median(measured.rounds.map((round) => round.p50))),
      formatLatency(median(measured.rounds.map((round) => round.p99))),
      `${ratio}${versus}`,
      formatCpu(measured.cpuMicros / Math.max(1, measured.requests)),
      ...(postgres
        ? [
            formatCpu(
              measured.databaseCpuMicros === null ? null : measured.databaseCpuMicros / Math.max(1, measured.requests),
            ),
          ]
        : []),
      statements,
    ];
    return `| ${cells.join(' | ')} |`;
  });
  const fixed = run.fixedRate.map(({ route, result }) => {
    const cells = [
      route,
      formatNumber(result.requestsPerSecond),
      formatLatency(result.p50),
      formatLatency(result.p99),
      route.endsWith('while refreshes run') ? '(once, after the rounds)' : '(fixed rate, once)',
      '—',
      ...(postgres ? ['—'] : []),
      '—',
    ];
    return `| ${cells.join(' | ')} |`;
  });
  return [...header, ...rows, ...fixed];
}

function renderMarkdown(runs: DatabaseRun[]): string {
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${os.platform()} ${os.arch()}, Node ${process.version}`;
  const titles: Record<DatabaseName, string> = {
    sqlite: 'SQLite (a file; durability `full`, the default: every answered write is fsynced)',
    postgres: 'PostgreSQL at its default durability',
  };
  return [
    '## @latchkey/provider throughput',
    '',
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${machine}); \`npm run bench -- --provider\``,
    'runs this section alone. autocannon drives each route over HTTP on loopback with',
    `${CONNECTIONS} connections; each server runs in its own process (@hono/node-server). Every target, the bare Hono`,
    `route (\`POST /ping\`, the baseline of every ratio) included, is warmed up for ${WARMUP_SECONDS} s and then measured in`,
    `${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s (the order rotates from round to round). A round's ratio is the route's`,
    'rate over the bare route\u2019s rate in the same round; the table shows the median over the rounds and the',
    'spread (min–max). Only 2xx answers are counted and any other answer fails the bench; every passcode redeemed',
    'is a different live code, and password logins hash with argon2id at the production cost. On PostgreSQL the',
    'seeded database is vacuumed and checkpointed before the first round, as after a bulk load.',
    '',
    'Server CPU per request is the CPU time (user + system, every thread: the event loop, garbage collection,',
    'argon2id) of the server processes over the rounds, divided by the requests they answered; database CPU per',
    'request is the same for the PostgreSQL server\u2019s processes (from /proc). Statements per request are the ones',
    'the provider sent (its Kysely log; on PostgreSQL `BEGIN` and `COMMIT` are statements and round trips too).',
    '',
    'The floors are plain Hono routes on the same database with no provider code: one indexed select of a session',
    'by token hash, and one durable update of it (its own commit). Read each provider row against the storage it',
    'needs: a refresh needs one select (and a write at most once a minute per session), a passcode redemption a',
    'few durable writes in one transaction. "Returning user": the address the code went to is verified already;',
    '"first sign-in": it is verified by this redemption, which also runs the account pre-hijacking checks.',
    ...runs.flatMap((run) => [
      '',
      `### ${titles[run.database]}`,
      '',
      ...(run.settings
        ? [
            `Server: ${run.server}; settings: ${run.settings}. Every commit waits for its write-ahead log to reach the disk.`,
            '',
          ]
        : []),
      ...(run.skipped
        ? [`Not measured: ${run.skipped}.`]
        : [
            `Machine load (1, 5, 15-minute load averages) before: ${formatLoad(run.loadBefore)}; after: ${formatLoad(run.loadAfter)} (${cpus.length} CPUs).`,
            '',
            ...renderTable(run),
          ]),
      ...(run.skipped
        ? []
        : ['', ...renderTargets(run, run.measured.find((m) => m.target.key === 'bare') as Measured)]),
    ]),
    '',
    'Compare the ratios, not the absolute rates: a ratio is the share of a bare Hono route\u2019s throughput on the',
    'same machine in the same rounds. It travels between machines only roughly (a faster CPU speeds the bare route up',
    'more than a route that waits on its database), and the password rows are the number of password logins per',
    'second one provider process serves here. On a machine shared with other work the rates of one round move with',
    'its load; the ratios of the same round, and the CPU per request, move much less.',
    '',
    ...CHECKPOINT_CHANGE_NOTES,
    '',
    ...FIRST_SIGN_IN_NOTES,
    '',
    ...REFRESH_LOOP_CHANGE_NOTES,
    '',
    ...ONE_STATEMENT_CHANGE_NOTES,
    '',
    ...SESSION_KEY_CHANGE_NOTES,
    '',
    ...PASSCODE_TRANSACTION_CHANGE_NOTES,
    '',
    ...METHODS_COPY_CHANGE_NOTES,
    '',
    ...PROFILE_CHANGE_NOTES,
    '',
    ...PG_CHANGE_NOTES,
    '',
    ...CHANGE_NOTES,
  ].join('\n');
}

/**
 * What moving SQLite's checkpoints off the event loop bought (2026-12-01), and what was measured beside it; kept here
 * so the section keeps its history.
 */
const CHECKPOINT_CHANGE_NOTES: string[] = [
  '### What each change bought (SQLite\u2019s checkpoints on a thread of their own, 2026-12-01)',
  '',
  'Found by timing each statement the SQLite driver runs during this bench (`--only=otps`, 3 rounds; the time each',
  'took on the event loop, summed by statement) on a quiet machine. Per redemption: the code with its user and',
  'methods 56\u201360 \u00b5s, the session\u2019s insert 16\u201320 \u00b5s, the first proof\u2019s statement (address verified, pre-hijacking',
  'check) 24\u201331 \u00b5s, the code consumed 11\u201313 \u00b5s, the group\u2019s COMMIT 117\u2013129 \u00b5s shared by about four',
  'requests. And the checkpoints: SQLite\u2019s automatic checkpoint ran inside a COMMIT on the event loop 136\u2013144 times',
  'a run, 4.6\u20134.9 ms each (0.64\u20130.66 s of the loop\u2019s time, about a twentieth of it while the routes ran).',
  '',
  '- **Checkpoints on a thread of their own** (`src/db/sqliteCheckpointer.ts`). A worker thread with its own',
  '  connection runs `PRAGMA wal_checkpoint(PASSIVE)` at most every 20 ms while commits arrive; the writing connection',
  '  keeps an automatic checkpoint at 4,000 pages, which finds nearly everything copied and lets the log restart. In',
  '  the same runs: 29\u201332 checkpoints on the event loop, 2.1\u20132.5 ms each (0.07 s a run, \u22129/10). The server\u2019s CPU',
  '  per request now includes the thread\u2019s copying. Three pairs of runs alternating with the code before gave first',
  '  sign-in 0.076\u00d7, 0.065\u00d7 and 0.089\u00d7 against 0.071\u00d7, 0.085\u00d7 and 0.071\u00d7 (returning user 0.074\u00d7,',
  '  0.069\u00d7 and 0.093\u00d7 against 0.076\u00d7, 0.085\u00d7 and 0.086\u00d7), but the bare route moved from 21,000 to 35,000',
  '  requests per second between those runs (the machine was shared), more than the change: read the loop\u2019s time.',
  '- **Tried, not kept:** `mmap_size` 256 MB and `cache_size` 64 MB on both connections (the redemption\u2019s read stayed',
  '  at 60\u201372 \u00b5s: it is not waiting on page reads); indexes that spare the methods\u2019 subqueries and the code\u2019s',
  '  lookup their sorts (the read 22 \u2192 20 \u00b5s on a copy of the bench\u2019s database, not worth a migration).',
];

/**
 * What a first sign-in's redemption costs on PostgreSQL and what was tried for it (2026-11-30, after the changes
 * below), measured by this bench's own runs; kept here so the section keeps its history.
 */
const FIRST_SIGN_IN_NOTES: string[] = [
  '### What a first sign-in costs on PostgreSQL, and what did not help (2026-11-30)',
  '',
  'A first sign-in (the address verified by the redemption) stays under 0.04\u00d7 in a quiet run while a returning',
  'user is above it. Found with `pg_stat_statements` (execution and planning time, WAL per statement) on a server',
  'run with `fsync` off, then checked with this bench at default durability, the new code and the old one after',
  'each other (`--only=otps`, 3 rounds):',
  '',
  '- **Where the difference goes.** The redemption statement executes in 231\u2013260 \u00b5s for a first sign-in against',
  '  131\u2013148 \u00b5s for a returning user, and writes 3.4 against 2.2 kB of WAL. About 70 \u00b5s of it is the trigger',
  '  that bumps `users.methods_version` when the address is marked verified (a copy of the bench with the trigger',
  '  dropped: 182\u2013191 \u00b5s), and 30\u201340 \u00b5s the pre-hijacking check\u2019s sixteen `EXISTS` subqueries (the same',
  '  statement with and without them, one client). Plans are generic from the sixth run on each connection (70',
  '  plans for 6,400 runs), so planning costs nothing.',
  '- **Tried, not kept: the read in the same statement, again.** As in the section below, with the lookup hash',
  '  by method, now measured by this bench: returning user 0.041\u00d7 and 0.041\u00d7 against 0.037\u00d7 and 0.046\u00d7',
  '  before (server CPU 448 and 561 against 568 and 587 \u00b5s, database 506 and 639 against 531 and 549 \u00b5s),',
  '  first sign-in 0.032\u00d7 and 0.032\u00d7 against 0.038\u00d7 and 0.038\u00d7 (database 791 and 890 against 661 and',
  '  703 \u00b5s): a first sign-in\u2019s read became a statement of data-modifying queries that changes nothing.',
  '- **Tried, not kept: room for updates in `emails`** (`fillfactor = 80`, so marking an address verified stays on',
  '  its page): WAL per first sign-in 3.4 \u2192 2.7 kB, execution 254 \u2192 255 \u00b5s, the ratio within the spread.',
  '- **An upper bound, not a change.** A copy of the bench whose code read aggregates no user methods (an answer',
  '  without them) and whose `emails` has no trigger: database CPU per first sign-in 827 and 689 \u2192 619 and 577 \u00b5s,',
  '  1,049 and 1,239 \u2192 1,301 and 1,407 sign-ins per second, but 0.037\u00d7 and 0.035\u00d7 \u2192 0.038\u00d7 and 0.038\u00d7: even',
  '  both removed, a first sign-in stays short of 0.04\u00d7 here. A larger pool (`postgres.poolSize` 16) was slower',
  '  (returning user 0.031\u00d7 and 0.029\u00d7 against 0.043\u00d7 and 0.051\u00d7 at 10), 6 and 8 connections served',
  '  the same sign-ins per second as 10.',
  '- **How far one run\u2019s figure moves.** Ten runs of the unchanged code at default durability the same day',
  '  (`--only=otps`, 3 rounds each) gave first-sign-in medians from 0.032\u00d7 to 0.045\u00d7, about 0.038\u00d7 in the',
  '  middle: short of 0.04\u00d7 by about 5 %, less than one run\u2019s spread.',
  '- **Where a commit\u2019s wait goes; compressed page images (2026-12-01).** `pg_test_fsync` gives 95\u2013106 \u00b5s',
  '  for one 8 kB `fdatasync` on this disk when idle. During the passcode rounds (`pg_stat_wal` with',
  '  `track_wal_io_timing`, sampled each second) the log was being flushed 55\u201370 % of the time, 0.6\u20131 ms per',
  '  flush, about 1.6 writing commits per flush, with 0.1\u20130.45 full-page images per commit: a first sign-in',
  '  changes rows of `users` and `emails` on pages not written since the checkpoint, and each such page goes into the',
  '  log whole. With `wal_compression = lz4`, five runs alternating with five without (`--only=otps`, 3 rounds, a',
  '  cluster of this bench\u2019s kind): first sign-in 0.044\u00d7, 0.035\u00d7, 0.040\u00d7, 0.042\u00d7 and 0.038\u00d7',
  '  (median 0.040\u00d7, 1,178 sign-ins per second) against 0.037\u00d7, 0.041\u00d7, 0.029\u00d7, 0.037\u00d7 and',
  '  0.032\u00d7 (median 0.037\u00d7, 1,071 per second), higher in four pairs of five; returning user 0.043\u00d7',
  '  against 0.041\u00d7 (medians). Kept: this bench\u2019s cluster runs with it, and the provider README asks',
  '  operators for it. Four full runs of this section with it the same hour gave first sign-in 0.044\u00d7,',
  '  0.030\u00d7, 0.033\u00d7 and 0.048\u00d7 (returning user 0.054\u00d7, 0.039\u00d7, 0.045\u00d7 and 0.056\u00d7),',
  '  but the two high ones came with a bare route at 20,800 requests per second against 29,200 and 33,600 for the',
  '  low ones: a slow bare route raises every ratio (see the CPU profiles section). The run recorded above is the',
  '  one with the fastest bare route. Not met: in quiet runs a first sign-in stays under 0.04\u00d7 here.',
  '- **Not done:** the trigger could go only if every statement that verifies an address bumped the version itself,',
  '  a rule every later writer would have to keep; the pre-hijacking check cannot go. The two together are about',
  '  100 \u00b5s of the database\u2019s 700 \u00b5s per first sign-in: without both the ratio would gain about 0.003\u00d7.',
];

/**
 * What relieving a refresh's event loop bought on PostgreSQL (2026-11-30, the second change of the day), measured once
 * by this bench's own runs, the old code and the new one after each other; kept here so the section keeps its history.
 */
const REFRESH_LOOP_CHANGE_NOTES: string[] = [
  '### What each change bought (a refresh\u2019s event loop on PostgreSQL, 2026-11-30)',
  '',
  'A refresh on PostgreSQL is bound by the provider\u2019s one event loop: the database and the load generator leave',
  'part of the second CPU idle. CPU profiles of the provider under this bench put node-postgres (15 %) and the session',
  'JWT\u2019s ECDSA signature (14 %) beside the socket writes as the largest parts of the loop\u2019s time. Measured with',
  'this bench on PostgreSQL, the new code and the old one after each other, two pairs of runs on the same quiet AMD EPYC',
  '(bare route 35,000\u201340,000 req/s, except where noted):',
  '',
  '| change | route | old: ratio, server CPU | new: ratio, server CPU |',
  '|---|---|---:|---:|',
  '| rows as one JSON value | refresh | 0.096\u00d7, 283 \u00b5s; 0.099\u00d7, 298 \u00b5s | 0.11\u00d7, 261 \u00b5s; 0.16\u00d7, 272 \u00b5s (loaded: bare route 21,000 req/s) |',
  '| the signature on the thread pool | refresh | 0.10\u00d7, 252 \u00b5s; 0.11\u00d7, 242 \u00b5s | 0.12\u00d7, 218 \u00b5s; 0.12\u00d7, 222 \u00b5s |',
  '| the signature on the thread pool | passcode, returning user | 0.040\u00d7, 490 \u00b5s; 0.044\u00d7, 464 \u00b5s | 0.042\u00d7, 481 \u00b5s; 0.042\u00d7, 454 \u00b5s |',
  '| the signature on the thread pool | passcode, first sign-in | 0.033\u00d7, 542 \u00b5s; 0.035\u00d7, 487 \u00b5s | 0.035\u00d7, 508 \u00b5s; 0.035\u00d7, 492 \u00b5s |',
  '',
  '- **Rows as one JSON value.** node-postgres parses a row\u2019s description (every column\u2019s name and type) and',
  '  each field on every execution, on the event loop. The hot selects (a session with its user, a user with its',
  '  methods, a live passcode with its user) now ask for each row as one `row_to_json` value: for the refresh\u2019s',
  '  twenty-five columns 49 \u2192 34 \u00b5s of client CPU per lookup (measured alone, 16 at a time), about 20 \u00b5s less',
  '  server CPU per refresh here. The values are the same because every column is `text`, `integer` or `bigint`',
  '  (`src/db/precompiled.test.ts`).',
  '- **The session JWT signed on libuv\u2019s thread pool** (`node:crypto`\u2019s `sign` with a callback): about 30',
  '  \u00b5s of the loop\u2019s time in place, about 9 \u00b5s to hand the job over and take its answer back. Refreshes',
  '  1.1\u20131.2\u00d7; the passcode routes, which wait on the database\u2019s CPU, within the spread.',
  '- **Tried, not kept:** the `postgres` driver (postgres.js) instead of node-postgres: 32\u201355 against',
  '  36\u201338 \u00b5s of client CPU per one-row select in alternating runs, within the spread.',
];

/**
 * What the passcode redemption in one statement on PostgreSQL bought (2026-11-30), measured once by this bench's own
 * runs, the old code and the new one after each other; kept here so the section keeps its history.
 */
const ONE_STATEMENT_CHANGE_NOTES: string[] = [
  '### What each change bought (a passcode in one statement on PostgreSQL, 2026-11-30)',
  '',
  'Found with `pg_stat_statements` (execution and planning time, WAL records per statement) during this bench, and a',
  'CPU profile of the provider: a round trip cost both sides more CPU than most of the statements it carried. Measured',
  'with this bench (`--only=otps`, PostgreSQL), the new code and the old one after each other, two pairs of runs on the',
  'same AMD EPYC:',
  '',
  '| pair (bare route) | route | old: ratio, server / database CPU, statements | new: ratio, server / database CPU, statements |',
  '|---|---|---:|---:|',
  '| 1 (15,300\u201315,600 req/s: loaded) | returning user | 0.035\u00d7, 1,391 / 1,548 \u00b5s, 6.1 | 0.049\u00d7, 936 / 1,142 \u00b5s, 2.0 |',
  '| 1 | first sign-in | 0.030\u00d7, 1,467 / 1,994 \u00b5s, 7.1 | 0.039\u00d7, 935 / 1,513 \u00b5s, 2.0 |',
  '| 2 (27,300\u201327,800 req/s: quiet) | returning user | 0.024\u00d7, 1,155 / 1,264 \u00b5s, 6.0 | 0.032\u00d7, 854 / 994 \u00b5s, 2.0 |',
  '| 2 | first sign-in | 0.019\u00d7, 1,255 / 1,613 \u00b5s, 7.1 | 0.027\u00d7, 844 / 1,334 \u00b5s, 2.0 |',
  '',
  '- **A right passcode in one statement.** The code is read with its address and whole user (as before, but outside a',
  '  transaction), and everything a right code writes is one statement of data-modifying `WITH` queries, its own',
  '  transaction: the code\u2019s row locked, then the user\u2019s guess counter (the order wrong guesses take them in),',
  '  and only if a guess slot is free (and, on a first proof, the account holds nothing the pre-hijacking reset removes)',
  '  the code consumed, the address verified, the user activated and the session inserted. `BEGIN`, `COMMIT` and three',
  '  statements fewer per sign-in (6 \u2192 2 for a returning user, 7 \u2192 2 for a first sign-in): 1.3\u20131.4\u00d7 the',
  '  throughput, a quarter less CPU on each side. SQLite keeps its transaction (in the process, no round trips).',
  '- **Room for updates** (migration `0017_room_for_updates`): `fillfactor = 80` on the tables a sign-in or a refresh',
  '  updates, and the index of exchanged sessions\u2019 tokens made partial (almost every session wrote a null entry',
  '  into it). WAL records per statement, returning user 12.2 \u2192 10.7, first sign-in 16.2 \u2192 14.0; the',
  '  throughput did not move beyond the spread.',
  '- **Still short of 0.04\u00d7** in a quiet run: what is left per returning user is two round trips, the read\u2019s seven',
  '  aggregated subqueries (about 270 \u00b5s of the database\u2019s time in this bench) and the write statement (about',
  '  330 \u00b5s; 550 \u00b5s with a first proof\u2019s pre-hijacking check).',
  '- **Tried, not kept: the read in the same statement.** A second keyed hash of each code, by its method id',
  '  (HMAC of the method id and the code, under the same key), let one statement find the newest live code, compare',
  '  the guess and sign a returning user in (a first proof in two). The read\u2019s round trip went, but the',
  '  database\u2019s CPU per sign-in did not fall: in-process, 16 at a time, on a cluster at default durability,',
  '  808\u2013840 \u00b5s against 730\u2013755 \u00b5s before, at 936\u2013975 against 974\u2013985 sign-ins per second (two',
  '  pairs of runs). A profile of PostgreSQL (`perf`) says why: a statement costs what it names. Starting the executor',
  '  opens and locks every table and index a statement names and sets up every subquery, on each run (7 % of all',
  '  samples, beside 15 % running the plans and 5 % for the commit\u2019s WAL flush), and the one statement named',
  '  all that the two did, the seven aggregated subqueries of the user included. A second hash at rest for no gain',
  '  was not kept.',
];

/**
 * What pooled CSPRNG bytes and time-ordered session keys bought (2026-11-30), measured once by this bench's own
 * runs, one after the other; kept here so the section keeps its history.
 */
const SESSION_KEY_CHANGE_NOTES: string[] = [
  '### What each change bought (a session\u2019s token and key, 2026-11-30)',
  '',
  'Found with a CPU profile of passcode redemptions on SQLite (in-process, 16 at a time), measured with this bench',
  '(`--only=otps`, SQLite), the old code and the new one run after each other on a quiet machine, the same day and',
  '(like the tables above) the same 2-CPU AMD EPYC; the runs of 2026-11-28/29 below had an Intel Xeon:',
  '',
  '- **A session token from a pool of random bytes.** `randomBytes(32)` cost 35–50 \u00b5s per new session under load',
  '  (one CSPRNG job per call; 5.5 \u00b5s in a loop alone), 5 % of the samples. Tokens now come from 4 KiB drawn at',
  '  once, each byte handed out once and zeroed as it is (Node draws `randomUUID` and `randomInt` the same way):',
  '  returning user 0.055\u00d7 at 614 \u00b5s \u2192 0.063\u00d7 at 561 \u00b5s, first sign-in 0.051\u00d7 at 669 \u00b5s \u2192',
  '  0.057\u00d7 at 616 \u00b5s (bare route 29,865 and 28,287 req/s).',
  '- **A session key in time order.** A session\u2019s id is a version 7 UUID (RFC 9562) whose time is its',
  '  `started_at`, so a new session\u2019s primary-key entry lands on the index\u2019s last page instead of a random one',
  '  that the commit writes whole to the log. Measured alone (8 inserts per transaction into 400,000 sessions, the',
  '  provider\u2019s pragmas): 112\u2013159 \u2192 85\u201392 \u00b5s of CPU per insert; with 100,000 sessions (the index in the',
  '  page cache) no difference. In this bench, whose database is small, the two changes together gave returning user',
  '  0.057\u20130.059\u00d7 \u2192 0.065\u20130.068\u00d7 and first sign-in 0.051\u20130.056\u00d7 \u2192 0.063\u20130.064\u00d7 in two pairs of',
  '  runs, but the bare route moved between 16,600 and 28,900 req/s from run to run on this machine, too much to',
  '  credit the key alone.',
  '- **PostgreSQL:** no change beyond the spread (returning user 0.027\u00d7 \u2192 0.028\u00d7, first sign-in 0.023\u00d7 \u2192',
  '  0.021\u00d7, one pair of runs): its passcode redemption waits on the database\u2019s CPU and its commit, not on these.',
];

/**
 * What reading the passcode inside its transaction bought (2026-11-29), measured once with the old and new code
 * alternating; kept here so the section keeps its history.
 */
const PASSCODE_TRANSACTION_CHANGE_NOTES: string[] = [
  '### What each change bought (the passcode\u2019s transaction on SQLite, 2026-11-29)',
  '',
  'Measured side by side with the code before (six runs of each, alternating, SQLite, 5 rounds; the machine was',
  'loaded by other work throughout, so read the CPU per request): returning user 1,026 \u2192 915 \u00b5s of server CPU',
  '(\u221211 %), first sign-in 1,168 \u2192 1,082 \u00b5s (\u22127 %), session refresh 594 \u2192 581 \u00b5s; statements unchanged (4, 5, 1).',
  '',
  '- **The code read inside the redemption\u2019s transaction.** On SQLite it then runs on the writing connection, whose',
  '  page cache is warm (in-process, without HTTP: returning user 729 \u2192 642 \u00b5s). On PostgreSQL it costs no round trip',
  '  (`BEGIN` and `COMMIT` were sent anyway). An unknown `method_id` now opens and rolls back a transaction.',
  '- **The guess-slot check a read on SQLite.** It was an upsert that changed nothing; SQLite\u2019s write transaction',
  '  holds the only writing connection until it ends, so nothing changes the counter in between and the cap holds',
  '  (PostgreSQL keeps its row lock). One page fewer written per sign-in (first sign-in 920 \u2192 801 \u00b5s in-process).',
  '- **No same-second reuse entry for a new session\u2019s JWT.** No earlier answer can carry a token just made, so',
  '  hashing and keeping its signing input only cost (16.5 \u2192 9.5 \u00b5s per sign-in, micro-benchmark).',
  '- **Indexes for the first proof\u2019s pre-hijacking check** (migration `0016_user_lookup_indexes`): it scanned six',
  '  tables whole (passkey and wallet challenges, social attach tokens and transactions, authorization codes and',
  '  grants). Not visible here (those tables are empty in the bench); with 100,000 unconsumed passkey challenges a',
  '  first proof took 6,598 \u00b5s of CPU before and 314 \u00b5s after.',
];

/**
 * What the per-instance copy of users' methods and the per-second JWT reuse bought (2026-11-29): the bench's own run
 * against the last quiet one before them, and the old and new code side by side in the same rounds; kept here so the
 * section keeps its history.
 */
const METHODS_COPY_CHANGE_NOTES: string[] = [
  '### What each change bought (a copy of users\u2019 methods per instance, 2026-11-29)',
  '',
  'The tables above were measured with the machine loaded by other work the whole run (load average 7–8 on the 2',
  'CPUs: the bare route answered 11,700–14,500 requests per second against 23,000–27,000 in the run before). The',
  'ratios of such a run are flattered (the bare route loses most to other work; see below), so the targets it shows',
  'as met are not shown met: read the CPU per request. Against the run before these changes (2026-11-28, load',
  'average 1.6–2.9: PostgreSQL refresh 0.064× at 588 µs of server and 244 µs of database CPU; returning user',
  '0.030× at 1,289 µs and 1,015 µs; first sign-in 0.026× at 1,326 µs and 1,285 µs; SQLite refresh 0.099× at 375 µs,',
  'passcode 0.048× and 0.052×):',
  '',
  '- **The refresh reads a user\u2019s methods only when they changed.** The user answer\u2019s seven aggregated',
  '  subqueries (emails, phone numbers, wallets, social identities, passkeys, TOTPs, password) were most of',
  '  PostgreSQL\u2019s CPU per refresh. `users.methods_version` is now bumped by triggers (migration',
  '  `0015_user_methods_version`) in the transaction of every insert, update and delete of those tables, whoever',
  '  writes them; each instance keeps the aggregated methods of up to 10,000 users at the version it read them with,',
  '  and a refresh selects the session joined with the user\u2019s own columns and version only (a statement like the',
  '  one-select floor), aggregating in a second statement only when its copy is missing or stale',
  '  (test/userMethodsVersion.test.ts changes each kind of method on one instance and reads it through a refresh on',
  '  another). PostgreSQL\u2019s CPU per refresh: 244 → 100 µs in the bench (floor: 54 µs); side by side with the old',
  '  code in the same rounds, 300 → 144 µs and 318 → 193 µs (two runs, load average 7 and 8.5). The server\u2019s CPU',
  '  per refresh: 588 → 406 µs in the bench, but 670 → 597 µs and 690 → 776 µs side by side: node-postgres parses',
  '  a smaller row, which is within the noise of a machine this loaded. Statements per refresh: 1, plus one the first',
  '  time an instance refreshes a user or after the user\u2019s methods changed (1.0–1.2 per request in these runs, whose',
  '  1,000 sessions start cold). On SQLite the aggregation was cheap already: 565 → 561 µs side by side.',
  '- **One session-JWT signature per session per second.** `iat` and `exp` are whole seconds, so two refreshes of',
  '  the same session within one second sign the same bytes: the signer answers the token it made for the first',
  '  instead of a new ES256 signature (48 µs). It pays for several tabs refreshing at once; in this bench (1,000',
  '  sessions, each refreshed about once a second) few refreshes share a second, and real tabs refresh minutes apart.',
  '- **Cost:** a write of a method now also updates its user\u2019s row (the trigger), inside the same transaction: a',
  '  first sign-in\u2019s verification, a passkey\u2019s sign counter. First sign-in on PostgreSQL: 1,285 → 1,302 µs of',
  '  database CPU in the bench (1,137 → 1,214 and 1,431 → 1,537 µs side by side), within the rounds\u2019 spread. The',
  '  returning user\u2019s route is unchanged: 1,289 → 1,203 µs of server CPU in the bench, 1,213 → 1,162 µs and',
  '  1,487 → 2,029 µs side by side, which is how far one run at load average 8.5 can move.',
  '- **Not done:** the passcode redemption in fewer statements (its transaction as one statement of data-modifying',
  '  `WITH` queries: the code consumed, the user\u2019s guess counter checked under its lock, the session inserted, or',
  '  none of them): the guess-slot rules and the branches of recordAuthentication (a current session, a second factor)',
  '  would all move into SQL, and it was not done safely in the time; the returning user stays at 6 statements on',
  '  PostgreSQL (BEGIN and COMMIT included), 4 on SQLite. The passcode\u2019s user read keeps its aggregation: each',
  '  passcode signs in a user whose methods this instance rarely holds, so the copy would add a statement.',
  '',
  'Targets: on a quiet machine none is shown met yet. From the CPU per request, the PostgreSQL refresh should land',
  'near 0.08–0.10× quiet (server and database CPU together 832 → 506 µs in the bench, 970 → 741 µs side by side;',
  '0.064× before), short of',
  '0.12×: what is left is the server\u2019s (in a profile of the new code, socket writes and Node\u2019s HTTP code about a',
  'quarter of its samples, node-postgres about a sixth, the ES256 signature about a tenth). The passcode targets (PostgreSQL',
  '0.04×, SQLite 0.06×) were not addressed by these changes beyond the noise; the refresh p99 while password logins',
  'run (68 ms here, 12 ms in the quiet run before) measures the load of the other work on the machine as much as the',
  'provider: the same stream alone had a p99 of 20 ms in this run, 5 ms before.',
];

/**
 * What the profile-driven work of issue 26 bought (after the PostgreSQL work below): measured once, the code before
 * it and after it side by side in the same rounds; kept here so the section keeps its history.
 */
const PROFILE_CHANGE_NOTES: string[] = [
  '### What each change bought (CPU profiles, 2026-11-28)',
  '',
  'Found with CPU profiles of the provider under autocannon (the refresh and both passcode routes, on both',
  'databases) and checked with micro-benchmarks of the functions the profiles named. Then measured the way this bench',
  'measures, with the code before these changes and after them side by side: one provider process each, each on a',
  'database of its own (PostgreSQL: a cluster of the bench\u2019s kind, default durability), every route and the bare route',
  'in the same 5 interleaved rounds of 2 s (16 connections). The machine was loaded by another test suite the whole',
  'time (load average 6–8 on the 2 CPUs), so the rates of a round moved a lot: "× before" is the median of the new',
  'code\u2019s rate over the old code\u2019s in the same round, with its spread; read the CPU per request first.',
  '',
  '| database | route | × before: median (min–max) | server CPU before → after | database CPU before → after | statements (test/roundTrips.test.ts) |',
  '|---|---|---:|---:|---:|---:|',
  '| SQLite | refresh | 0.85× (0.35–1.21) | 660 → 666 µs | — | 1 |',
  '| SQLite | passcode, returning user | 1.04× (0.29–1.39) | 911 → 891 µs | — | 4 |',
  '| SQLite | passcode, first sign-in | 0.92× (0.81–2.08) | 1,461 → 1,061 µs | — | 7 → 6 |',
  '| PostgreSQL | refresh | 1.45× (0.42–4.82) | 887 → 770 µs | 429 → 372 µs | 1 |',
  '| PostgreSQL | passcode, returning user | 1.11× (0.85–1.83) | 1,377 → 1,375 µs | 955 → 934 µs | 6 |',
  '| PostgreSQL | passcode, first sign-in | 1.70× (1.22–2.85) | 2,874 → 1,457 µs | 1,954 → 1,380 µs | 9 → 8 |',
  '',
  '- **A joined row split by a loop.** The refresh and the passcode split the row of their one statement into the',
  '  session (or code) and the user with a `...rest` destructuring, which V8 runs slowly over a driver\u2019s row of',
  '  thirty-odd columns: 12 µs per call, 5.5 µs with a loop over the keys (micro-benchmark, SQLite rows). Both',
  '  databases, both routes; smaller than the rounds\u2019 spread here.',
  '- **A first verification\u2019s statements compiled once.** Kysely built and compiled the pre-hijacking check (sixteen',
  '  `EXISTS` subqueries) on every sign-up: 78 µs of CPU before the statement was even sent; marking the address',
  '  verified, 7 µs more. Both are now compiled once per dialect, like the other hot statements.',
  '- **A first sign-in\u2019s user not read again.** When the redemption removed nothing (no pre-hijacking reset ran) and',
  '  no pending address joined the account, all it wrote of the user is the address verified and the status active:',
  '  the answer is the user read with the code with those two changes, instead of a second read of the user after',
  '  the commit (SQLite 7 → 6 statements, PostgreSQL 9 → 8; test/roundTrips.test.ts checks the answer against',
  '  `users/me`). A returning user was already answered this way.',
  '- **Tried, not kept:** on SQLite, a larger page cache (64 MB) and memory-mapped reads (`mmap_size`) on both',
  '  connections: the passcode\u2019s code lookup still took 190–300 µs in a loaded provider against 55 µs when repeated at',
  '  once, with or without; ordering the aggregated methods in JavaScript instead of in the subqueries (30–48 µs per',
  '  lookup either way); node-postgres rows as arrays (127 against 133 µs of client CPU for the user lookup); and a',
  '  cached copy of the per-request compiled query object (within the noise).',
  '',
  'Where the CPU of a refresh goes now (profiles on SQLite and PostgreSQL, shares of the server\u2019s samples):',
  'the ES256 signature of the session JWT 15–20 % (48 µs of `node:crypto` per signature here; `openssl speed` gives',
  '37 µs on this CPU, so there is little left above OpenSSL), the database driver 15–30 % (SQLite: the statement',
  'itself, 45 µs to read the session with its user; PostgreSQL: node-postgres spends 87 µs of client CPU on a',
  'one-row select and 130 µs on the session with its user, measured alone), socket writes and Node\u2019s HTTP and',
  'stream code 20–25 %, Hono and its Node adapter about 10 %, and the provider\u2019s own JavaScript (the',
  'middleware, building the answer, JSON) about 10 %. The user lookup\u2019s seven aggregated subqueries are most',
  'of the database\u2019s CPU on PostgreSQL (229 µs per refresh in the run before these changes, against 45 µs for',
  'the one-select floor). No single part left is large enough for the remaining targets: doubling the refresh rate',
  'on PostgreSQL would need the server\u2019s and the database\u2019s CPU per request halved together on a machine',
  'where the load generator, the provider and PostgreSQL share 2 CPUs.',
  '',
  'A run on a loaded machine shows higher ratios than a quiet one: the bare route, which needs whole CPUs, loses most',
  'to other work (each table above gives the load of its run; with a load average of 5–8 the bare route answers a',
  'third of its quiet rate). A target met only in such a run is not met; compare the CPU per request, which moves',
  'less. The last quiet run before these changes (load average 1.4–3, bare route 32,600 req/s): SQLite refresh',
  '0.094× at 381 µs, returning user 0.045× at 680 µs, first sign-in 0.035× at 939 µs; PostgreSQL refresh 0.062× at',
  '487 µs (database 229 µs), returning user 0.030× at 879 µs (668 µs), first sign-in 0.019× at 1,389 µs (1,155 µs).',
];

/**
 * What the PostgreSQL work of issue 26 bought: measured once (not by every run), the old code and each step side by
 * side in the same rounds; kept here so the section keeps its history.
 */
const PG_CHANGE_NOTES: string[] = [
  '### What each change bought (PostgreSQL at default durability, 2026-11-28)',
  '',
  'Measured the way this bench measures, but with the code of each step side by side: one provider process per',
  'step on one database of the bench\u2019s cluster, every route of every step and the bare route in the same 6',
  'interleaved rounds of 2 s (16 connections; load average 2–3 on the 2 CPUs). "× before" is the median over the',
  'rounds of the route\u2019s rate over the old code\u2019s rate in the same round; CPU is per request (server, then',
  'database); statements include `BEGIN` and `COMMIT`.',
  '',
  '| route | step | ratio to bare Hono | × before | server CPU | database CPU | statements |',
  '|---|---|---:|---:|---:|---:|---:|',
  '| refresh | before | 0.035× | 1 | 923 µs | 1,215 µs | 2 |',
  '| refresh | prepared statements | 0.059× | 1.87× | 745 µs | 384 µs | 2 |',
  '| refresh | fewer round trips (now) | 0.079× | 2.54× | 553 µs | 266 µs | 1 |',
  '| passcode, returning user | before | 0.015× | 1 | 2,018 µs | 2,917 µs | 13 |',
  '| passcode, returning user | prepared statements | 0.024× | 1.58× | 1,783 µs | 1,229 µs | 13 |',
  '| passcode, returning user | fewer round trips (now) | 0.039× | 2.49× | 1,011 µs | 782 µs | 6 |',
  '| passcode, first sign-in | before | 0.013× | 1 | 2,538 µs | 3,775 µs | 22 |',
  '| passcode, first sign-in | prepared statements | 0.019× | 1.60× | 2,153 µs | 1,610 µs | 22 |',
  '| passcode, first sign-in | fewer round trips (now) | 0.027× | 2.10× | 1,497 µs | 1,355 µs | 10 |',
  '',
  '- **Prepared statements.** Kysely\u2019s statements went to PostgreSQL unnamed, so it parsed and planned each on every',
  '  call: the user lookup (seven aggregated subqueries) took 0.52 ms to plan and 0.19 ms to run. Each statement text',
  '  is now a named prepared statement of its connection: the database\u2019s CPU per request fell by 55–70 %.',
  '- **Fewer round trips.** A refresh reads the session and its whole user in one statement (2 → 1). A passcode',
  '  redemption reads the code with its address, whether that is verified, and the whole user in one statement; a',
  '  right guess consumes the code with its slot in one update and checks the user\u2019s guess counter under its lock',
  '  without taking and giving back a slot; a guess slot is one upsert (passwords and TOTP too); an address verified',
  '  already is not written, and a user the redemption did not change is not read again (13 → 6). A first',
  '  verification asks whether another identifier is verified in one statement, and removes what was attached before',
  '  the proof in one statement of data-modifying `WITH` queries (22 → 10).',
  '- **Tried, not kept:** a larger pool (10 against 20, 24 and 40 connections: the rates stayed within the rounds\u2019',
  '  spread, so requests wait for CPU, not for a connection; `postgres.poolSize` stays 10 and configurable), and',
  '  sending `BEGIN` with the transaction\u2019s first statement (node-postgres\u2019 pipeline mode: within the spread).',
  '- **SQLite** (the same method, one file per step, load average 1–2): refresh 1.05×, returning user 1.17×, first',
  '  sign-in 0.98× of before. The code lookup joined with the user, with `LIMIT ?`, was planned ten times slower by',
  '  SQLite than with a literal `LIMIT 1` (0.49 ms against 0.14 ms): it now finds the code first, with the literal.',
  '',
  'The targets of issue 26 (refresh ≥ 0.12×, passcode ≥ 0.04× on PostgreSQL; passcode ≥ 0.06× on SQLite) are not',
  'met on this machine. Its bare route answers 21,000–36,000 requests per second (an Intel Xeon; the runs of',
  '2026-11-24/25 had an AMD EPYC at 13,000), while what a refresh needs does not shrink with it: a round trip to the',
  'database, and an ES256 signature of the session JWT (35 µs, a tenth of the server\u2019s CPU per refresh); the one-select floor',
  'itself is about a quarter here. On a loaded machine, routes with several round trips lose more than the bare route (each',
  'round trip waits for the scheduler twice), which interleaving cannot correct: read the CPU per request there.',
];

/** A throwaway database on `serverUrl`. */
async function createDatabase(serverUrl: string): Promise<{ url: string; settings: string; drop(): Promise<void> }> {
  const name = `latchkey_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  let settings: string;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const shown = await Promise.all(
      ['fsync', 'synchronous_commit', 'full_page_writes', 'wal_compression', 'shared_buffers'].map(async (setting) => {
        const { rows } = await admin.query(`SHOW ${setting}`);
        return `\`${setting} = ${Object.values(rows[0] ?? {})[0]}\``;
      }),
    );
    const { rows } = await admin.query('SHOW server_version');
    settings = `PostgreSQL ${String(Object.values(rows[0] ?? {})[0]).split(' ')[0]}, ${shown.join(', ')}`;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    settings,
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function runDatabase(database: DatabaseName, selected: Set<TargetName>): Promise<DatabaseRun> {
  const empty = { database, measured: [], fixedRate: [], loadBefore: [], loadAfter: [] };
  let target: string;
  let drop: () => Promise<void>;
  let settings: string | undefined;
  let server: string | undefined;
  let databaseCpu: (() => number) | null = null;
  let cluster: BenchCluster | undefined;
  if (database === 'postgres') {
    let serverUrl = process.env.LATCHKEY_BENCH_POSTGRES_URL;
    if (serverUrl) {
      server = `${new URL(serverUrl).host} (LATCHKEY_BENCH_POSTGRES_URL)`;
    } else {
      const started = startBenchCluster(BENCH_POSTGRES_PORT);
      if ('skipped' in started) return { ...empty, skipped: started.skipped };
      cluster = started;
      serverUrl = started.url;
      server = `a cluster of the bench's own on 127.0.0.1:${BENCH_POSTGRES_PORT} (data on disk, in ${os.tmpdir()})`;
      databaseCpu = clusterCpu(started.dataDirectory);
    }
    try {
      const fresh = await createDatabase(serverUrl);
      target = fresh.url;
      drop = fresh.drop;
      settings = fresh.settings;
    } catch (error) {
      cluster?.stop();
      return {
        ...empty,
        skipped: `no PostgreSQL server answered at ${new URL(serverUrl).host} (${(error as Error).message})`,
      };
    }
  } else {
    const directory = mkdtempSync(join(os.tmpdir(), 'latchkey-throughput-'));
    target = join(directory, 'provider.sqlite');
    drop = async () => rmSync(directory, { recursive: true, force: true });
  }
  log(`${database}: starting`);
  const loadBefore = os.loadavg();
  const measured: Measured[] = [];
  const fixedRate: FixedRateRow[] = [];
  const projectId = parseConfig(BENCH_CONFIG).project.projectId;
  const servers: RunningServer[] = [];
  let handle: ProviderDatabase | undefined;
  try {
    // The first provider process creates and migrates the database; fixtures go in through a second handle.
    const provider = await startServer(['provider', target]);
    servers.push(provider);
    const bare = await startServer(['bare']);
    servers.push(bare);
    const threeInstances = database === 'postgres' && selected.has('instances');
    const others = threeInstances
      ? await Promise.all(Array.from({ length: INSTANCES - 1 }, () => startServer(['provider', target])))
      : [];
    servers.push(...others);
    const floor = selected.has('floors') ? await startServer(['floor', target]) : undefined;
    if (floor) servers.push(floor);
    handle = await openDatabase(target);
    const { db } = handle;

    const sessionUsers = await seedUsers(db, projectId, 'session', SESSION_POOL, { verified: true });
    const sessionHeaders = (await seedSessions(db, projectId, sessionUsers)).map((token) => basicAuth(token));
    const sessionLoad = (name: string): LoadTarget => {
      const nextHeader = cycle(sessionHeaders);
      return {
        name: `${database}: ${name}`,
        path: '/sdk/v1/sessions/authenticate',
        next: () => ({ authorization: nextHeader(), body: '{}' }),
      };
    };

    const targets: RoundTarget[] = [
      {
        key: 'bare',
        route: '`POST /ping` on a bare Hono app (the baseline)',
        servers: [bare],
        load: { name: 'POST /ping (bare Hono)', path: '/ping', next: () => ({ body: '{}' }) },
        countsStatements: false,
      },
    ];
    if (floor) {
      for (const [key, path, route] of [
        ['floor-select', '/floor/select', '`POST /floor/select` (floor: one indexed select)'],
        ['floor-update', '/floor/update', '`POST /floor/update` (floor: one durable update)'],
      ] as const) {
        const nextHeader = cycle(sessionHeaders);
        targets.push({
          key,
          route,
          servers: [floor],
          load: { name: `${database}: POST ${path}`, path, next: () => ({ authorization: nextHeader(), body: '{}' }) },
          countsStatements: false,
        });
      }
    }
    if (selected.has('sessions')) {
      targets.push({
        key: 'sessions',
        route: '`POST /sdk/v1/sessions/authenticate` (opaque token)',
        servers: [provider],
        load: sessionLoad('POST /sdk/v1/sessions/authenticate'),
        countsStatements: true,
      });
      if (threeInstances) {
        targets.push({
          key: 'sessions-3',
          route: `\`POST /sdk/v1/sessions/authenticate\`, ${INSTANCES} instances on one database`,
          servers: [provider, ...others],
          load: sessionLoad(`POST /sdk/v1/sessions/authenticate (${INSTANCES} instances)`),
          against: 'sessions',
          countsStatements: true,
        });
      }
    }
    const codeTargets: (LoadTarget & { exhausted(): boolean; pool: number })[] = [];
    if (selected.has('otps')) {
      // Every round redeems fresh codes. A redemption does more work than a refresh, so the refresh rate bounds the
      // codes needed: sized from a short probe of the refresh route, twice over, never fewer than 20,000.
      const seconds = WARMUP_SECONDS + ROUNDS * ROUND_SECONDS + 1;
      const probeRate = (await runRound([provider.port], sessionLoad('sizing probe'), CONNECTIONS, 1, 'sizing probe'))
        .requestsPerSecond;
      const poolSize = Math.max(Math.ceil(probeRate * seconds * 2), MIN_CODE_POOL);
      const kinds = [
        { key: 'otps', label: 'returning user', verified: true, servers: [provider] },
        { key: 'otps-first', label: 'first sign-in', verified: false, servers: [provider] },
        ...(threeInstances
          ? [
              {
                key: 'otps-3',
                label: `returning user, ${INSTANCES} instances on one database`,
                verified: true,
                servers: [provider, ...others],
                against: 'otps',
              },
            ]
          : []),
      ];
      for (const kind of kinds) {
        log(`${database}: seeding ${poolSize} users with a live email passcode each (${kind.label})`);
        const users = await seedUsers(db, projectId, kind.key, poolSize, { verified: kind.verified });
        const load = codeTarget(
          `${database}: POST /sdk/v1/otps/authenticate (${kind.label})`,
          await seedEmailCodes(db, projectId, users),
        );
        codeTargets.push({ ...load, pool: poolSize });
        targets.push({
          key: kind.key,
          route: `\`POST /sdk/v1/otps/authenticate\` (email passcode, ${kind.label})`,
          servers: kind.servers,
          load,
          ...('against' in kind ? { against: kind.against } : {}),
          countsStatements: true,
        });
      }
    }
    let passwordLoad: LoadTarget | undefined;
    if (selected.has('passwords') || selected.has('mixed')) {
      const nextUser = cycle(await createPasswordUsers(provider.port, PASSWORD_USERS));
      passwordLoad = {
        name: `${database}: POST /sdk/v1/passwords/authenticate`,
        path: '/sdk/v1/passwords/authenticate',
        next: () => ({
          authorization: basicAuth(),
          body: JSON.stringify({ ...nextUser(), session_duration_minutes: 30 }),
        }),
      };
      if (selected.has('passwords')) {
        targets.push({
          key: 'passwords',
          route: '`POST /sdk/v1/passwords/authenticate` (password logins)',
          servers: [provider],
          load: passwordLoad,
          countsStatements: true,
        });
      }
    }

    if (database === 'postgres') {
      // The seeding's bulk inserts would otherwise be vacuumed and checkpointed during the first rounds, taking CPU
      // from whichever target runs then (the bare route too): done now, before any round, as after a bulk load.
      log(`${database}: vacuum (analyze) and checkpoint after the seeding`);
      await sql`vacuum (analyze)`.execute(db);
      // CHECKPOINT needs a superuser (or pg_checkpoint); LATCHKEY_BENCH_POSTGRES_URL's role may have neither.
      await sql`checkpoint`.execute(db).catch(() => log(`${database}: checkpoint refused; the rounds may include one`));
    }

    try {
      for (const roundTarget of targets) {
        await probe(roundTarget.servers[0]?.port as number, roundTarget.load);
        log(`${roundTarget.load.name}: ${WARMUP_SECONDS} s warm-up`);
        await runRound(
          roundTarget.servers.map((each) => each.port),
          roundTarget.load,
          CONNECTIONS,
          WARMUP_SECONDS,
          'warm-up',
        );
      }
      for (const roundTarget of targets) {
        measured.push({
          target: roundTarget,
          rounds: [],
          cpuMicros: 0,
          databaseCpuMicros: databaseCpu ? 0 : null,
          statements: 0,
          requests: 0,
        });
      }
      for (let round = 0; round < ROUNDS; round += 1) {
        log(`${database}: round ${round + 1} of ${ROUNDS} (load average ${formatLoad(os.loadavg())})`);
        // Rotated, so no route always follows the same one.
        const order = measured.map((_, index) => (index + round) % measured.length);
        for (const index of order) {
          const entry = measured[index] as Measured;
          const before = await Promise.all(entry.target.servers.map((each) => each.usage()));
          const databaseBefore = databaseCpu?.() ?? 0;
          const result = await runRound(
            entry.target.servers.map((each) => each.port),
            entry.target.load,
            CONNECTIONS,
            ROUND_SECONDS,
          );
          const databaseAfter = databaseCpu?.() ?? 0;
          const after = await Promise.all(entry.target.servers.map((each) => each.usage()));
          entry.rounds.push(result);
          entry.requests += result.requests;
          entry.cpuMicros += after.reduce(
            (sum, usage, at) => sum + usage.cpuMicros - (before[at] as Usage).cpuMicros,
            0,
          );
          entry.statements += after.reduce(
            (sum, usage, at) => sum + usage.statements - (before[at] as Usage).statements,
            0,
          );
          if (entry.databaseCpuMicros !== null) entry.databaseCpuMicros += databaseAfter - databaseBefore;
          // Requests still in flight when the round ended are answered now, between two windows, so their work is
          // counted in neither (the round's count is of the requests answered within it).
          await settle(entry.target.servers);
        }
      }
    } catch (error) {
      const dry = codeTargets.find((each) => each.exhausted());
      if (dry) throw new Error(`The ${dry.pool} seeded passcodes of ${dry.name} ran out; seed more.`);
      throw error;
    }
    for (const entry of measured) {
      const baseline = measured[0] as Measured;
      const ratios = entry === baseline ? [] : roundRatios(entry, baseline);
      log(
        `${entry.target.load.name}: median ${Math.round(median(entry.rounds.map((round) => round.requestsPerSecond)))} req/s` +
          (ratios.length ? `, ratio ${ratioCell(ratios)}` : '') +
          `, ${formatCpu(entry.cpuMicros / Math.max(1, entry.requests))} CPU per request`,
      );
    }

    if (selected.has('mixed') && passwordLoad) {
      // Logins hash on libuv's threads: a refresh arriving meanwhile must not wait behind them.
      await probe(provider.port, passwordLoad);
      // The same stream of refreshes alone first: the control the row below is read against.
      const [alone] = (await measureTogether(
        provider.port,
        [
          {
            target: sessionLoad('refreshes at a fixed rate'),
            connections: MIXED_SESSION_CONNECTIONS,
            overallRate: MIXED_SESSION_RATE,
          },
        ],
        MIXED_SETTINGS,
      )) as [LoadResult];
      fixedRate.push({
        route: `\`POST /sdk/v1/sessions/authenticate\` (${MIXED_SESSION_RATE} req/s offered), alone`,
        result: alone,
      });
      log(`${database}: password logins and session refreshes together`);
      const [logins, refreshes] = (await measureTogether(
        provider.port,
        [
          { target: passwordLoad, connections: CONNECTIONS },
          {
            target: sessionLoad('refreshes at a fixed rate'),
            connections: MIXED_SESSION_CONNECTIONS,
            overallRate: MIXED_SESSION_RATE,
          },
        ],
        MIXED_SETTINGS,
      )) as [LoadResult, LoadResult];
      log(
        `${database}: mixed: logins ${Math.round(logins.requestsPerSecond)} req/s; refreshes p99 ${refreshes.p99} ms`,
      );
      fixedRate.push({
        route: `\`POST /sdk/v1/passwords/authenticate\` (${CONNECTIONS} connections) while refreshes run`,
        result: logins,
      });
      fixedRate.push({
        route: `\`POST /sdk/v1/sessions/authenticate\` (${MIXED_SESSION_RATE} req/s offered) while password logins run`,
        result: refreshes,
      });
    }
  } finally {
    await handle?.close();
    await Promise.all(servers.map((each) => each.stop()));
    await drop();
    cluster?.stop();
  }
  return { database, measured, fixedRate, settings, server, loadBefore, loadAfter: os.loadavg() };
}

async function main(): Promise<void> {
  const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const only = argument('only');
  const selected = new Set<TargetName>(only ? (only.split(',') as TargetName[]) : [...TARGET_NAMES]);
  const databases = (argument('databases')?.split(',') ?? [...DATABASES]) as DatabaseName[];
  // Checked before anything runs: an unknown name would otherwise bench the default database under that name.
  const unknown = databases.filter((name) => !(DATABASES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`unknown --databases ${unknown.join(', ')}: use ${DATABASES.join(', ')}`);
  const targets = [...selected].filter((name) => !(TARGET_NAMES as readonly string[]).includes(name));
  if (targets.length > 0) throw new Error(`unknown --only ${targets.join(', ')}: use ${TARGET_NAMES.join(', ')}`);
  const runs: DatabaseRun[] = [];
  for (const database of databases) runs.push(await runDatabase(database, selected));
  process.stdout.write(`${renderMarkdown(runs)}\n`);
}

await main();
