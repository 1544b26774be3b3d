// Which Chrome or Chromium the browser tests drive (apps/playground/e2e, through playwright-core, which downloads
// nothing). Used by scripts/test.mjs, scripts/ensure-chromium.sh and the e2e global setup. Dependency-free.
//
// The order:
//   1. LATCHKEY_CHROMIUM, then CHROME_PATH: a path named by the environment (it must exist; a wrong path is an
//      error, never silently replaced by another browser);
//   2. the first of chromium, chromium-browser, google-chrome, google-chrome-stable, chrome on PATH, directory by
//      directory (Debian's package, which CI installs, is /usr/bin/chromium);
//   3. the usual install locations (Google Chrome and Chromium on macOS, /opt/google/chrome, /snap/bin, Windows).
//
// Run directly (`node scripts/find-chromium.mjs`) it prints the path and exits 0, or prints why not and exits 1.
import { accessSync, constants, statSync } from 'node:fs';
import { posix, win32 } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The environment variables that name a browser, in the order they are read. */
export const CHROMIUM_ENV_VARS = ['LATCHKEY_CHROMIUM', 'CHROME_PATH'];

/** Program names looked up on PATH. */
export const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

/** Where browsers are installed when they are not on PATH, per platform. */
export const USUAL_LOCATIONS = {
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
  ],
  linux: ['/opt/google/chrome/chrome', '/snap/bin/chromium'],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
  ],
};

/** The one line `npm test` ends with when no browser is found. */
/**
 * The flags every headless Chromium of the project runs with (browser tests, bench): no sandbox (root), no GPU, and
 * nothing that phones home, since the network is closed and Chromium's background connections would be refused
 * many at a time.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const NO_BROWSER_HINT =
  'install Chromium (Debian/Ubuntu: sudo apt-get install chromium) or Google Chrome, ' +
  'or name an installed one with LATCHKEY_CHROMIUM=/path/to/chrome';

function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false;
    if (process.platform !== 'win32') accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Finds the browser. Everything it reads can be given, so the decision is testable without touching the machine.
 * Answers `{ path, source }` (source: the variable's name, 'PATH' or 'usual location'), or
 * `{ path: null, error }` with one sentence saying what is wrong (and `named`: the variable, when one names a
 * file that is not there).
 *
 * @param {{ env?: Record<string, string | undefined>, platform?: string, isExecutable?: (path: string) => boolean }} [options]
 * @returns {{ path: string, source: string } | { path: null, error: string, named?: string }}
 */
export function findChromium({ env = process.env, platform = process.platform, isExecutable = isExecutableFile } = {}) {
  for (const name of CHROMIUM_ENV_VARS) {
    const named = env[name]?.trim();
    if (!named) continue;
    if (isExecutable(named)) return { path: named, source: name };
    return { path: null, error: `${name}=${named} is not an executable file`, named: name };
  }
  const path = platform === 'win32' ? win32 : posix;
  const extensions = platform === 'win32' ? ['.exe', ''] : [''];
  for (const name of PATH_NAMES) {
    for (const dir of (env.PATH ?? env.Path ?? '').split(path.delimiter)) {
      if (!dir) continue;
      for (const extension of extensions) {
        const candidate = path.join(dir, name + extension);
        if (isExecutable(candidate)) return { path: candidate, source: 'PATH' };
      }
    }
  }
  for (const candidate of USUAL_LOCATIONS[platform] ?? []) {
    if (isExecutable(candidate)) return { path: candidate, source: 'usual location' };
  }
  return { path: null, error: 'no Chrome or Chromium found (on PATH, in the usual places, or in LATCHKEY_CHROMIUM)' };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const found = findChromium();
  if (found.path) {
    process.stdout.write(`${found.path}\n`);
  } else {
    process.stderr.write(`find-chromium: ${found.error}; ${NO_BROWSER_HINT}\n`);
    process.exit(1);
  }
}
