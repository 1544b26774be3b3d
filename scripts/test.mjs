// `npm test`: every test in the repository, then the provider's whole suite again on PostgreSQL, then one
// closing line "N passed, N failed". Vitest's JSON report is read back so the summary counts tests, not files.
//
// The browser tests (vitest project `e2e`, apps/playground/e2e) drive an installed Chrome or Chromium, chosen by
// scripts/find-chromium.mjs: LATCHKEY_CHROMIUM or CHROME_PATH, else Debian's /usr/bin/chromium, else one on PATH
// or in the usual install locations. With none, scripts/ensure-chromium.sh installs Debian's chromium when apt-get
// can; when it cannot, every other test still runs, the e2e project is left out, and the run ends failing with one
// line saying how to provide a browser.
//
// A full run has three passes: every project but the browser tests (the unit tests, the provider on SQLite), then the
// browser tests and the provider's suite on PostgreSQL side by side. The browser tests spend most of their time
// waiting for a page, a server or a timer, so the PostgreSQL pass uses the CPU they leave (CI time: the two took
// about 20 min one after the other). The browser tests' output streams as they run; the PostgreSQL pass writes to a
// log file, whose summary (and, when it failed, whole text) is printed once both have ended.
//
// The packages are built first (`npm run build`'s turbo run: cached, seconds when nothing changed): several tests use
// them as a user gets them (the built 'use client' entries, the Next.js example, the plain-HTML browser module, the
// tarballs installed into a fresh app). The Next.js example itself is built by its browser test (nextjs.e2e.ts).
//
// PostgreSQL: LATCHKEY_TEST_POSTGRES_URL names a server (CI starts one with scripts/start-postgres.sh). Without
// it, a local PostgreSQL installation is started the same way if one is present; otherwise that pass is
// skipped with a note.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { findChromium, NO_BROWSER_HINT } from './find-chromium.mjs';
import { withoutProject } from './vitest-args.mjs';

// `npm test -- x` passes `x`; `node scripts/test.mjs -- x` passes `-- x`, and the `--` would hide later options.
const extraArgs = process.argv.slice(2).filter((arg, index) => !(index === 0 && arg === '--'));

console.log('\n── building the packages (turbo run build; cached when nothing changed) ──');
const built = spawnSync('npx', ['turbo', 'run', 'build', '--filter=!./examples/*', '--output-logs=errors-only'], {
  stdio: 'inherit',
});
if (built.status !== 0) {
  console.error('tests: FAILED: the packages do not build (npm run build shows why)');
  process.exit(1);
}

let browser = findChromium();
// Nothing found and nothing named wrongly: install Debian's chromium where apt-get can.
if (!browser.path && !browser.named) {
  const ensured = spawnSync('bash', ['scripts/ensure-chromium.sh'], { stdio: 'inherit' });
  if (ensured.status === 0) browser = findChromium();
}
const browserEnv = browser.path ? { LATCHKEY_CHROMIUM: browser.path } : {};
// `null`: the command line asked for the browser tests only, so nothing is left to run.
const runArgs = browser.path ? extraArgs : withoutProject(extraArgs, 'e2e');
if (!browser.path) console.log(`\nbrowser tests (e2e): left out (${browser.error}); every other test runs`);

/**
 * Runs `vitest run {args}` and reads its JSON report back. `log`: a file to write its output to instead of this
 * process's (for a pass that runs beside another).
 */
async function vitest(label, args, env, log) {
  const report = join(mkdtempSync(join(tmpdir(), 'latchkey-test-')), 'vitest.json');
  const started = Date.now();
  console.log(`\n── ${label}${log ? ` (output in ${log})` : ''} ──`);
  const child = spawn(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    {
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...(log ? { FORCE_COLOR: '0', NO_COLOR: '1' } : {}), ...env },
    },
  );
  const file = log ? createWriteStream(log) : null;
  if (file) {
    child.stdout.pipe(file, { end: false });
    child.stderr.pipe(file, { end: false });
  }
  const run = await new Promise((resolve) => child.on('close', (status) => resolve({ status })));
  if (file) await new Promise((resolve) => file.end(resolve));
  let passed = 0;
  let failed = 0;
  const failures = [];
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    passed = result.numPassedTests ?? 0;
    failed = (result.numFailedTests ?? 0) + (result.numRuntimeErrorTestSuites ?? 0);
    // Named again in the closing lines, so that the tail of a long log says what failed and where.
    for (const file of result.testResults ?? []) {
      const where = relative(process.cwd(), file.name);
      const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of tests) failures.push(`${label}: ${where}: ${test.fullName}`);
      if (file.status === 'failed' && tests.length === 0)
        failures.push(`${label}: ${where}: ${file.message ?? 'failed'}`);
    }
  }
  const code = run.status ?? 1;
  if (code !== 0 && failed === 0) failed = 1;
  const seconds = Math.round((Date.now() - started) / 1000);
  if (log) {
    const text = readFileSync(log, 'utf8');
    // Its closing lines (files, tests, duration); everything when it failed, for the errors above them.
    console.log(`\n── ${label}: ${code === 0 ? 'the end of' : 'FAILED; all of'} ${log} ──`);
    console.log(code === 0 ? text.trimEnd().split('\n').slice(-6).join('\n') : text);
  }
  return { label, passed, failed, code, failures, seconds };
}

function postgresUrl() {
  if (process.env.LATCHKEY_TEST_POSTGRES_URL) return process.env.LATCHKEY_TEST_POSTGRES_URL;
  const installed = existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').length > 0;
  if (!installed) return null;
  const started = spawnSync('bash', ['scripts/start-postgres.sh'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return started.status === 0 ? started.stdout.trim() : null;
}

const sqlite = { LATCHKEY_TEST_POSTGRES_URL: '', ...browserEnv };
const runs = [];
if (extraArgs.length > 0) {
  // A filtered run (`npm test -- some/file`) is for one's own loop: one pass; the PostgreSQL pass belongs to the full run.
  if (runArgs !== null) runs.push(await vitest('the tests asked for (provider on SQLite)', runArgs, sqlite));
} else {
  runs.push(await vitest('unit tests (provider on SQLite)', ['--project', '!e2e'], sqlite));
  const url = postgresUrl();
  if (!url)
    console.log('\nprovider on PostgreSQL: skipped (no PostgreSQL found; set LATCHKEY_TEST_POSTGRES_URL, as CI does)');
  const log = join(mkdtempSync(join(tmpdir(), 'latchkey-postgres-')), 'provider-on-postgresql.log');
  const side = await Promise.all([
    browser.path ? vitest('browser tests (e2e)', ['--project', 'e2e'], sqlite) : null,
    // One worker beside the browser tests (vitest.config.ts gives two elsewhere): with two, on a loaded 2-core machine
    // the multi-instance and CLI tests' child processes starved (a kill -9 test saw no answer before the kill).
    url
      ? vitest(
          'provider on PostgreSQL',
          ['--project', 'provider', '--maxWorkers=1'],
          { LATCHKEY_TEST_POSTGRES_URL: url },
          log,
        )
      : null,
  ]);
  for (const run of side) if (run !== null) runs.push(run);
}

const passed = runs.reduce((sum, run) => sum + run.passed, 0);
const failed = runs.reduce((sum, run) => sum + run.failed, 0);
for (const run of runs) {
  console.log(`${run.label}: ${Math.floor(run.seconds / 60)}m${String(run.seconds % 60).padStart(2, '0')}s`);
}
const failures = runs.flatMap((run) => run.failures);
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (!browser.path) {
  console.error(`tests: FAILED: the browser tests did not run: ${browser.error}; ${NO_BROWSER_HINT}`);
  process.exit(1);
}
process.exit(runs.some((run) => run.code !== 0) ? 1 : 0);
