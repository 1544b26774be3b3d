// Installs the workspace's npm dependencies on a fresh clone, and again whenever
// package-lock.json changed since the last install, so `npm test` and `npm start`
// work with nothing installed. Dependency-free on purpose: it runs before anything is installed.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockfile = join(root, 'package-lock.json');
const stamp = join(root, 'node_modules', '.install-stamp');

const hashOf = (file) => (existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : 'none');
const wanted = hashOf(lockfile) + hashOf(join(root, 'package.json'));
const installed = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';

if (wanted !== installed) {
  // `npm install`, not `npm ci`: with this machine's npm settings (omit-lockfile-registry-resolved) npm 11 writes
  // lockfiles without other platforms' optional binaries, which its own `npm ci` then refuses as out of sync.
  // `npm install` still installs the locked versions.
  const command = 'npm install --no-audit --no-fund';
  console.log(`[latchkey] installing dependencies (${command})…`);
  execSync(command, { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, hashOf(lockfile) + hashOf(join(root, 'package.json')));
}
