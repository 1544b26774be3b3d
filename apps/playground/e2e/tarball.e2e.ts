// The packages as published, without the workspace: each published package is `npm pack`ed, the tarballs are
// installed into a fresh Vite + React app in a temporary folder outside the repository (e2e/tarball-app/ is its
// template), and then:
//   - the app's lockfile holds every @latchkey package once, from its tarball (integrity included), never the registry;
//   - `tsc` type-checks its src/main.tsx against the installed declarations (moduleResolution bundler);
//   - Node loads every package with import() and require() (ES module and CommonJS entries), same export names;
//   - `vite build` bundles it, the stylesheet export included (Vite, like esbuild, keeps a CSS import whatever
//     `sideEffects` says; webpack would drop it, which `npm run check:packages` checks statically);
//   - in Chromium, served on http://localhost:5178 (allowed by e2e/latchkey.config.json): the sign-in renders with
//     the stylesheet applied, and a visitor signs up with an email passcode against the provider.
// The packages must be built first (`npm run build`; .ci/run builds before the tests). Slow on purpose: about a
// minute here, mostly `npm install` (from npm's cache: --prefer-offline).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import {
  assertBuilt,
  pack,
  publishedPackages,
  ROOT,
  type WorkspacePackage,
} from '../../../scripts/published-packages.mjs';
import { checkA11y, expectSignedIn, lastCode, test, typeCode, uniqueEmail, widget } from './support';

const PORT = 5178;
const APP_URL = `http://localhost:${PORT}`;
const TEMPLATE = fileURLToPath(new URL('./tarball-app/', import.meta.url));
/** One command (npm install, tsc, vite build) may take this long on a loaded two-core machine. */
const COMMAND_TIMEOUT_MS = 5 * 60_000;
const SETUP_TIMEOUT_MS = 10 * 60_000;

/** The versions the repository installed, so the app tests the same React and Vite (and npm's cache has them). */
function installedVersion(name: string): string {
  // Read from the folder: not every package exports its package.json.
  for (const dir of [fileURLToPath(new URL('..', import.meta.url)), ROOT]) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  }
  throw new Error(`${name} is not installed in the repository: run npm install`);
}

/** The environment for npm in the app: no npm_* variables of a surrounding `npm test` (its prefix, workspace…). */
function cleanEnv(): NodeJS.ProcessEnv {
  const keep = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig']);
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_') || keep.has(key)),
  );
}

/** Runs a command to its end; throws with its output when it fails or outlasts COMMAND_TIMEOUT_MS. */
function run(label: string, command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), COMMAND_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${label}: could not start ${command}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise(output);
      else {
        const how = signal ? `was killed (${signal}) after ${COMMAND_TIMEOUT_MS / 1000} s` : `exited ${code}`;
        reject(new Error(`${label} (${command} ${args.join(' ')}, in ${cwd}) ${how}:\n${output.slice(-20_000)}`));
      }
    });
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** Serves the built app (`dist/`) on PORT: its files, and index.html for any other path. */
function serve(dist: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', APP_URL).pathname);
    let file = resolve(dist, `.${path}`);
    if (!file.startsWith(dist + sep) || !existsSync(file) || lstatSync(file).isDirectory()) {
      file = join(dist, 'index.html');
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${PORT} is in use: tarball.e2e.ts serves the app built from the tarballs there.`)
          : error,
      ),
    );
    server.listen(PORT, '127.0.0.1', () => resolvePromise(server));
  });
}

let workDir = '';
let appDir = '';
let server: Server | undefined;
const packages: (WorkspacePackage & { tarball: string })[] = [];

beforeAll(async () => {
  const published = publishedPackages();
  assertBuilt(published);

  workDir = mkdtempSync(join(tmpdir(), 'latchkey-tarball-'));
  if (!relative(ROOT, workDir).startsWith('..')) {
    throw new Error(`The temporary app must live outside the repository (${ROOT}), not in ${workDir}: set TMPDIR.`);
  }
  const tarballs = join(workDir, 'tarballs');
  mkdirSync(tarballs);
  for (const pkg of published) packages.push({ ...pkg, tarball: pack(pkg, tarballs).tarball });

  appDir = join(workDir, 'app');
  cpSync(TEMPLATE, appDir, { recursive: true });
  // Every @latchkey package from its tarball, as a dependency and as an override: the packages depend on each
  // other with "*", and the override makes npm take the tarball for those too, never the registry.
  const fromTarballs = Object.fromEntries(
    packages.map((pkg) => [pkg.name, `file:${relative(appDir, pkg.tarball).split(sep).join('/')}`]),
  );
  const manifest = {
    name: 'latchkey-tarball-app',
    private: true,
    type: 'module',
    dependencies: {
      ...fromTarballs,
      react: installedVersion('react'),
      'react-dom': installedVersion('react-dom'),
    },
    devDependencies: {
      vite: installedVersion('vite'),
      '@vitejs/plugin-react': installedVersion('@vitejs/plugin-react'),
      '@types/react': installedVersion('@types/react'),
      '@types/react-dom': installedVersion('@types/react-dom'),
    },
    overrides: fromTarballs,
  };
  writeFileSync(join(appDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // No install scripts: none of ours has one, and nothing fetched from the registry runs on the test machine.
  await run(
    'npm install in the temporary app',
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'],
    appDir,
  );
  await run(
    'vite build in the temporary app',
    process.execPath,
    [join(appDir, 'node_modules/vite/bin/vite.js'), 'build'],
    appDir,
  );
  server = await serve(join(appDir, 'dist'));
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await new Promise((resolvePromise) => (server ? server.close(resolvePromise) : resolvePromise(undefined)));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the packages as published (npm pack, installed into a fresh Vite app outside the repository)', () => {
  test('the app has every @latchkey package once, from its packed tarball', () => {
    const lock = JSON.parse(readFileSync(join(appDir, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved?: string; integrity?: string; link?: boolean }>;
    };
    const latchkeyEntries = Object.keys(lock.packages).filter((key) => /(^|\/)node_modules\/@latchkey\//.test(key));
    expect(latchkeyEntries.sort()).toEqual(packages.map((pkg) => `node_modules/${pkg.name}`).sort());
    for (const pkg of packages) {
      const entry = lock.packages[`node_modules/${pkg.name}`];
      const integrity = `sha512-${createHash('sha512').update(readFileSync(pkg.tarball)).digest('base64')}`;
      expect(entry, pkg.name).toMatchObject({
        resolved: `file:../tarballs/${pkg.tarball.split(sep).at(-1)}`,
        integrity,
      });
      expect(entry?.link, `${pkg.name} is a copy, not a link`).toBeUndefined();
      const installed = join(appDir, 'node_modules', pkg.name);
      expect(lstatSync(installed).isSymbolicLink(), `${installed} is a folder of its own`).toBe(false);
      // The published files only (package.json's `files`, top level): no sources, no tests.
      const published = (pkg.manifest.files as string[]).map((file) => file.split('/')[0]);
      expect(readdirSync(installed).sort(), pkg.name).toEqual([...new Set([...published, 'package.json'])].sort());
      expect(published, pkg.name).not.toContain('src');
    }
  });

  test(
    'src/main.tsx type-checks against the installed declarations (tsc, moduleResolution bundler)',
    async () => {
      const tsc = createRequire(join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
      await run(
        'tsc --noEmit in the temporary app',
        process.execPath,
        [tsc, '--noEmit', '-p', 'tsconfig.json'],
        appDir,
      );
    },
    COMMAND_TIMEOUT_MS,
  );

  test(
    'Node loads every package as an ES module and as CommonJS, from the app, with the same exports',
    async () => {
      const names = packages.map((pkg) => pkg.name);
      const output = await run('node node-check.mjs', process.execPath, ['node-check.mjs', ...names], appDir);
      type Entry = { resolved: string; names: string[] };
      const report = JSON.parse(output) as Record<string, { esm: Entry; cjs: Entry }>;
      for (const name of names) {
        const { esm, cjs } = report[name]!;
        const inApp = join(appDir, 'node_modules', name, 'dist') + sep;
        expect(esm.resolved, `${name}'s ES module entry`).toMatch(/\.js$/);
        expect(esm.resolved.startsWith(inApp), `${esm.resolved} is in ${inApp}`).toBe(true);
        expect(cjs.resolved, `${name}'s CommonJS entry`).toMatch(/\.cjs$/);
        expect(cjs.resolved.startsWith(inApp), `${cjs.resolved} is in ${inApp}`).toBe(true);
        expect(cjs.names, `${name}: require() and import() export the same names`).toEqual(esm.names);
      }
      expect(report['@latchkey/sdk']?.cjs.names).toContain('createClient');
      expect(report['@latchkey/hooks']?.cjs.names).toEqual(expect.arrayContaining(['LatchkeyProvider', 'useSession']));
      expect(report['@latchkey/ui-unstyled']?.esm.names).toContain('SignIn');
      expect(report['@latchkey/ui-default']?.esm.names).toContain('SignIn');
      expect(report['@latchkey/server']?.esm.names).toContain('createLatchkeyServer');
    },
    COMMAND_TIMEOUT_MS,
  );

  test('the built app renders the styled sign-in, and a visitor signs up with an email passcode', async ({ page }) => {
    // vite build emitted the stylesheet export as one CSS file, linked from index.html.
    const stylesheets = readdirSync(join(appDir, 'dist/assets')).filter((file) => file.endsWith('.css'));
    expect(stylesheets).toHaveLength(1);
    expect(readFileSync(join(appDir, 'dist/assets', stylesheets[0]!), 'utf8')).toContain('.lk-Root');
    expect(readFileSync(join(appDir, 'dist/index.html'), 'utf8')).toContain(`/assets/${stylesheets[0]}`);

    await page.goto(APP_URL);
    const signIn = widget(page);
    await signIn.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    await page.getByTestId('session-status').getByText('Signed out').waitFor();
    await checkA11y(page, 'the app built from the tarballs');

    // Values only the stylesheet sets: the card's 400 px, Arial, and the buttons' 45 px.
    const card = page.locator('.lk-Root');
    const cardStyle = await card.evaluate((element) => {
      const style = getComputedStyle(element);
      return { maxWidth: style.maxWidth, fontFamily: style.fontFamily };
    });
    expect(cardStyle.maxWidth).toBe('400px');
    expect(cardStyle.fontFamily).toMatch(/^Arial\b/);
    const continueButton = signIn.getByRole('button', { name: 'Continue' });
    expect(await continueButton.evaluate((element) => getComputedStyle(element).minHeight)).toBe('45px');

    const email = uniqueEmail('tarball');
    await signIn.getByLabel('Email').fill(email);
    await continueButton.click();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await typeCode(page, await lastCode(email));
    await signIn.getByRole('heading', { name: 'Success!' }).waitFor();
    await expectSignedIn(page, email);
  });
});
