// The command line every list generator shares (scripts/generated-files.mjs): `--check` names a stale file and fails
// without writing it; without it, the stale file is rewritten and an up-to-date one left alone.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { currentText, writeOrCheck } from '../generated-files.mjs';

const root = mkdtempSync(join(tmpdir(), 'latchkey-generated-'));
afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

test('--check names the stale file, sets exit code 1 and writes nothing; a plain run rewrites it', () => {
  writeFileSync(join(root, 'stale.ts'), 'old\n');
  writeFileSync(join(root, 'fresh.ts'), 'same\n');
  const files = [
    { path: 'stale.ts', current: currentText(root, 'stale.ts'), expected: 'new\n' },
    { path: 'fresh.ts', current: currentText(root, 'fresh.ts'), expected: 'same\n' },
    { path: 'missing.ts', current: currentText(root, 'missing.ts'), expected: 'made\n' },
  ];
  expect(files[2]?.current).toBe('');
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  writeOrCheck(files, { root, fixCommand: 'node fix.mjs', args: ['--check'] });
  expect(process.exitCode).toBe(1);
  expect(errors.mock.calls.map(([line]) => line)).toEqual([
    'stale.ts differs from what node fix.mjs writes: run it',
    'missing.ts differs from what node fix.mjs writes: run it',
  ]);
  expect(readFileSync(join(root, 'stale.ts'), 'utf8')).toBe('old\n');

  process.exitCode = undefined;
  vi.spyOn(console, 'log').mockImplementation(() => {});
  writeOrCheck(files, { root, fixCommand: 'node fix.mjs', args: [] });
  expect(process.exitCode).toBeUndefined();
  expect(readFileSync(join(root, 'stale.ts'), 'utf8')).toBe('new\n');
  expect(readFileSync(join(root, 'missing.ts'), 'utf8')).toBe('made\n');
  rmSync(root, { recursive: true, force: true });
});
