// Installs the workspace's npm dependencies on a fresh clone, and again whenever
// package-lock.json changed since the last install, so `npm test` and `npm start`
// work with nothing installed. Dependency-free on purpose: it runs before anything is installed.
//
// A first install takes minutes (hundreds of packages, Chromium-free, plus better-sqlite3's native build when no
// prebuilt binary can be downloaded: kept in npm's cache afterwards, so only a machine's first install compiles),
// so it says what it is doing and how long that usually takes, shows npm's own progress bar on a terminal, and
// elsewhere (CI logs, pipes) prints a line every 15 s with how many of the locked packages are in place.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepCompiledBinary } from './keep-native-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockfile = join(root, 'package-lock.json');
const modules = join(root, 'node_modules');
const stamp = join(modules, '.install-stamp');

const hashOf = (file) => (existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : 'none');
const wanted = hashOf(lockfile) + hashOf(join(root, 'package.json'));
const installed = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';

/** The packages the lockfile puts directly in node_modules (`node_modules/x`, `node_modules/@s/x`). */
function lockedTopLevel() {
  try {
    const { packages = {} } = JSON.parse(readFileSync(lockfile, 'utf8'));
    return Object.keys(packages).filter((key) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(key)).length;
  } catch {
    return 0;
  }
}

/** How many packages are in node_modules so far (scoped ones counted one by one). */
function presentTopLevel() {
  if (!existsSync(modules)) return 0;
  let count = 0;
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      try {
        count += readdirSync(join(modules, entry)).length;
      } catch {}
    } else count += 1;
  }
  return count;
}

const seconds = (ms) =>
  ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

if (wanted !== installed) {
  const first = !existsSync(join(modules, '.package-lock.json'));
  const total = lockedTopLevel();
  // `npm install`, not `npm ci`: with this machine's npm settings (omit-lockfile-registry-resolved) npm 11 writes
  // lockfiles without other platforms' optional binaries, which its own `npm ci` then refuses as out of sync.
  // `npm install` still installs the locked versions.
  const args = ['install', '--no-audit', '--no-fund'];
  const tty = Boolean(process.stdout.isTTY);
  if (tty) args.push('--progress');
  console.log(
    first
      ? `[latchkey] First run: installing dependencies (npm ${args.join(' ')}). About ${total || 'a few hundred'} ` +
          'packages, roughly 1–5 minutes depending on the network and the npm cache (better-sqlite3 may compile, ' +
          'which is the quiet part). This happens once.'
      : `[latchkey] package-lock.json changed: updating dependencies (npm ${args.join(' ')}), usually under a minute.`,
  );
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    const ticker = tty
      ? null
      : setInterval(() => {
          const present = presentTopLevel();
          const share = total > 0 ? ` (${Math.min(present, total)} of ${total} packages in place)` : '';
          console.log(`[latchkey] still installing… ${seconds(Date.now() - started)}${share}`);
        }, Number(process.env.LATCHKEY_INSTALL_TICK_MS) || 15_000);
    child.on('exit', (status) => {
      if (ticker) clearInterval(ticker);
      resolve(status ?? 1);
    });
    child.on('error', (error) => {
      if (ticker) clearInterval(ticker);
      console.error(`[latchkey] could not run npm: ${error.message}`);
      resolve(1);
    });
  });
  if (code !== 0) {
    console.error(`[latchkey] npm install failed (exit code ${code}); its output above says why.`);
    process.exit(code);
  }
  writeFileSync(stamp, hashOf(lockfile) + hashOf(join(root, 'package.json')));
  console.log(`[latchkey] dependencies installed in ${seconds(Date.now() - started)}.`);
  // better-sqlite3 compiled from source (no prebuilt binary could be downloaded): kept in npm's cache, where its
  // installer looks first, so the next install on this machine skips the compile (keep-native-build.mjs).
  const kept = keepCompiledBinary(modules);
  if (kept) console.log(`[latchkey] better-sqlite3 was compiled here; kept for the next install in ${kept}.`);
}
