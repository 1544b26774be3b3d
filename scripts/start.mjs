// `npm start`: the reference provider on http://127.0.0.1:8787 (SQLite in .data/latchkey.sqlite) and the SDK
// example on http://localhost:5173, side by side with prefixed output. Ctrl-C stops both; so does either one
// exiting, since neither is useful alone. Dependency-free, like ensure-install.mjs.
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

const services = [
  {
    name: 'provider',
    colorCode: 36,
    command: process.execPath,
    // The database path is relative to `cwd`, so the file lands in the repository's .data/ folder.
    args: [join(root, 'apps/provider/bin/latchkey-provider.mjs'), 'start', '--port', '8787'],
  },
  {
    name: 'example',
    colorCode: 35,
    command: windows ? 'npm.cmd' : 'npm',
    args: ['run', 'example', '--workspace', '@latchkey/sdk'],
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
    cwd: root,
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
  'Latchkey: open http://localhost:5173 (the SDK example) and sign in with any email; the passcode arrives in ' +
    'the development inbox, http://127.0.0.1:8787/dev/inbox. Ctrl-C stops both.\n',
);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));
