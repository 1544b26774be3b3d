// `npm start`: the reference provider on http://127.0.0.1:8787 (SQLite in .data/latchkey.sqlite) and the
// playground (apps/playground, Vite) on http://localhost:5173, side by side with prefixed output. Ctrl-C stops
// both; so does either one exiting, since neither is useful alone. Dependency-free, like ensure-install.mjs.
//
// Environment (used by the browser tests, handy by hand):
//   LATCHKEY_DB      the provider's database (`--db`): a SQLite file, `:memory:` or a postgres:// URL
//   LATCHKEY_CONFIG  the provider's configuration file (`--config`); default ./latchkey.config.json if present
// The SDK's own example page still runs on its own: `npm run example -w @latchkey/sdk`.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const color = Boolean(process.stdout.isTTY);
const windows = process.platform === 'win32';

// Colour libraries switch on at the mere presence of FORCE_COLOR, so a pipe gets NO_COLOR and no FORCE_COLOR.
const { FORCE_COLOR: _inherited, ...inheritedEnv } = process.env;
const childEnv = color ? { ...inheritedEnv, FORCE_COLOR: '1' } : { ...inheritedEnv, NO_COLOR: '1' };

const providerArgs = [join(root, 'apps/provider/bin/latchkey-provider.mjs'), 'start', '--port', '8787'];
if (process.env.LATCHKEY_DB) providerArgs.push('--db', process.env.LATCHKEY_DB);
if (process.env.LATCHKEY_CONFIG) providerArgs.push('--config', process.env.LATCHKEY_CONFIG);

const services = [
  {
    name: 'provider',
    colorCode: 36,
    command: process.execPath,
    // Without LATCHKEY_DB the database path is relative to `cwd`, so the file lands in the repository's .data/.
    args: providerArgs,
    cwd: root,
  },
  {
    name: 'playground',
    colorCode: 35,
    // Vite's own entry point, run by this Node: one process fewer than `npm run dev`, and no npm banner.
    command: process.execPath,
    args: [join(root, 'node_modules/vite/bin/vite.js'), '--config', join(root, 'apps/playground/vite.config.ts')],
    cwd: join(root, 'apps/playground'),
  },
];
const width = Math.max(...services.map((service) => service.name.length));

function prefix(service) {
  const label = `[${service.name.padEnd(width)}]`;
  return color ? `\x1b[${service.colorCode}m${label}\x1b[0m` : label;
}

function pipeLines(stream, target, service) {
  createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
    target.write(`${prefix(service)} ${line}\n`),
  );
}

let stopping = false;
let exitCode = 0;
const running = new Set();

// Each child leads its own process group, so a signal reaches npm's and Vite's children too, and the
// terminal's Ctrl-C reaches only this script, which then stops everything exactly once.
function signalGroup(child, signal) {
  try {
    if (windows) child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of running) signalGroup(child, 'SIGTERM');
  // A child that ignores SIGTERM must not keep `npm start` from returning.
  setTimeout(() => {
    for (const child of running) signalGroup(child, 'SIGKILL');
  }, 5_000).unref();
}

for (const service of services) {
  const child = spawn(service.command, service.args, {
    cwd: service.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: !windows,
    env: childEnv,
  });
  running.add(child);
  pipeLines(child.stdout, process.stdout, service);
  pipeLines(child.stderr, process.stderr, service);
  child.on('error', (error) => {
    process.stderr.write(`${prefix(service)} could not start: ${error.message}\n`);
    running.delete(child);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) {
      process.stderr.write(`${prefix(service)} exited (${signal ?? `code ${code}`}); stopping the others.\n`);
      stopAll(code === 0 ? 0 : 1);
    }
    if (running.size === 0) process.exit(exitCode);
  });
}

process.stdout.write(
  'Latchkey playground: http://localhost:5173 (development inbox: http://localhost:5173/inbox)\n' +
    'Sign in with any email address or phone number; codes and links arrive in the development inbox. ' +
    'Ctrl-C stops both.\n',
);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));
