// `npm test`: every test in the repository, then the provider's whole suite again on PostgreSQL, then one
// closing line "N passed, N failed". Vitest's JSON report is read back so the summary counts tests, not files.
//
// Every test includes the browser tests (vitest project `e2e`, apps/playground/e2e), which drive Debian's
// Chromium: scripts/ensure-chromium.sh installs it first when it is missing (or says why it cannot). They run
// once, in the first pass; the PostgreSQL pass is `--project provider` only.
//
// PostgreSQL: LATCHKEY_TEST_POSTGRES_URL names a server (CI starts one with scripts/start-postgres.sh). Without
// it, a local PostgreSQL installation is started the same way if one is present; otherwise that pass is
// skipped with a note.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const extraArgs = process.argv.slice(2);

const chromium = spawnSync('bash', ['scripts/ensure-chromium.sh'], { stdio: 'inherit' });
if (chromium.status !== 0) {
  console.error('\ntests: not run (Chromium for the browser tests is missing; see the message above)');
  process.exit(1);
}

function vitest(label, args, env) {
  const report = join(mkdtempSync(join(tmpdir(), 'latchkey-test-')), 'vitest.json');
  console.log(`\n── ${label} ──`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { stdio: 'inherit', env: { ...process.env, ...env } },
  );
  let passed = 0;
  let failed = 0;
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    passed = result.numPassedTests ?? 0;
    failed = (result.numFailedTests ?? 0) + (result.numRuntimeErrorTestSuites ?? 0);
  }
  const code = run.status ?? 1;
  if (code !== 0 && failed === 0) failed = 1;
  return { passed, failed, code };
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

const runs = [vitest('all tests (provider on SQLite)', extraArgs, { LATCHKEY_TEST_POSTGRES_URL: '' })];
// A filtered run (`npm test -- some/file`) is for one's own loop; the PostgreSQL pass belongs to the full run.
if (extraArgs.length === 0) {
  const url = postgresUrl();
  if (url) runs.push(vitest('provider on PostgreSQL', ['--project', 'provider'], { LATCHKEY_TEST_POSTGRES_URL: url }));
  else
    console.log('\nprovider on PostgreSQL: skipped (no PostgreSQL found; set LATCHKEY_TEST_POSTGRES_URL, as CI does)');
}

const passed = runs.reduce((sum, run) => sum + run.passed, 0);
const failed = runs.reduce((sum, run) => sum + run.failed, 0);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(runs.some((run) => run.code !== 0) ? 1 : 0);
