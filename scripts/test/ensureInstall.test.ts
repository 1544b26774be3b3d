// scripts/ensure-install.mjs, the first step of `npm start` and `npm test`, run in a scratch copy of the repository's
// layout with a stand-in `npm` first on PATH (a shell script that "installs" two packages slowly, or fails), so
// what a newcomer sees during a first install is checked without touching the real node_modules.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';

const script = fileURLToPath(new URL('../ensure-install.mjs', import.meta.url));
const scratch: string[] = [];

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A repository with a lockfile of two packages, and an `npm` that puts them in place one second apart. */
function fakeRepository(npm: string) {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-install-'));
  scratch.push(dir);
  mkdirSync(join(dir, 'scripts'));
  mkdirSync(join(dir, 'bin'));
  copyFileSync(script, join(dir, 'scripts/ensure-install.mjs'));
  copyFileSync(
    fileURLToPath(new URL('../keep-native-build.mjs', import.meta.url)),
    join(dir, 'scripts/keep-native-build.mjs'),
  );
  writeFileSync(join(dir, 'package.json'), '{"name":"scratch","private":true}');
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify({ packages: { '': {}, 'node_modules/left-pad': {}, 'node_modules/@scope/pad': {} } }),
  );
  writeFileSync(join(dir, 'bin/npm'), `#!/bin/sh\necho "npm $*"\n${npm}\n`);
  chmodSync(join(dir, 'bin/npm'), 0o755);
  return dir;
}

function ensureInstall(dir: string) {
  return spawnSync(process.execPath, ['scripts/ensure-install.mjs'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${join(dir, 'bin')}:${process.env.PATH}`, LATCHKEY_INSTALL_TICK_MS: '300' },
  });
}

describe('ensure-install', () => {
  test('a first install says what happens and how long it takes, reports progress, and records the install', () => {
    const dir = fakeRepository(
      'mkdir -p node_modules/left-pad; sleep 3; mkdir -p node_modules/@scope/pad; touch node_modules/.package-lock.json; sleep 3',
    );
    const run = ensureInstall(dir);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('[latchkey] First run: installing dependencies (npm install --no-audit --no-fund)');
    expect(run.stdout).toContain('About 2 packages, roughly 1–5 minutes');
    expect(run.stdout).toMatch(/\[latchkey\] still installing… \d+ s \(1 of 2 packages in place\)/);
    expect(run.stdout).toMatch(/\[latchkey\] still installing… \d+ s \(2 of 2 packages in place\)/);
    expect(run.stdout).toMatch(/\[latchkey\] dependencies installed in \d+ s\./);
    expect(existsSync(join(dir, 'node_modules/.install-stamp'))).toBe(true);

    // Nothing changed: nothing to do, not a word.
    const again = ensureInstall(dir);
    expect(again.status).toBe(0);
    expect(again.stdout).toBe('');

    // The lockfile changed: an update, announced as such.
    writeFileSync(
      join(dir, 'package-lock.json'),
      readFileSync(join(dir, 'package-lock.json'), 'utf8').replace('}}', '}} '),
    );
    expect(ensureInstall(dir).stdout).toContain('[latchkey] package-lock.json changed: updating dependencies');
  });

  test('a failed install ends with npm exit code and one line, and records nothing', () => {
    const dir = fakeRepository('echo "npm error network ETIMEDOUT" >&2; exit 7');
    const run = ensureInstall(dir);
    expect(run.status).toBe(7);
    expect(run.stderr).toContain('npm error network ETIMEDOUT');
    expect(run.stderr).toContain('[latchkey] npm install failed (exit code 7); its output above says why.');
    expect(existsSync(join(dir, 'node_modules/.install-stamp'))).toBe(false);
  });
});
