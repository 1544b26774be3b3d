// `npm test`: every test in the repository, then one closing line "N passed, N failed".
// Vitest's JSON report is read back so the summary counts tests, not files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const report = join(mkdtempSync(join(tmpdir(), 'latchkey-test-')), 'vitest.json');
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const run = spawnSync('npx', args, { stdio: 'inherit' });

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests ?? 0;
  failed = (result.numFailedTests ?? 0) + (result.numRuntimeErrorTestSuites ?? 0);
}
const code = run.status ?? 1;
if (code !== 0 && failed === 0) failed = 1;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(code);
