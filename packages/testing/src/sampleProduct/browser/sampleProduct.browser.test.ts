// @vitest-environment node
// Issue 27's proof in a real browser: a page built with esbuild from the packages' sources, the sample product added
// to the SDK, the hooks and the kit by ../esbuildPlugin.ts (their registries swapped, no core file edited), signs in
// in headless Chromium with a security answer against a provider process that serves the sample
// (apps/provider/testing/sampleProduct/bin.mjs). Everything listens on free ports (port 0), never the fixed ports of
// `npm start` or the `e2e` project. The browser is the one scripts/find-chromium.mjs picks; without one the test is
// skipped (`npm test` then fails anyway, saying how to provide one).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../../../../scripts/find-chromium.mjs';
import { sampleKitRegistriesEsbuild } from '../esbuildPlugin';

const here = import.meta.dirname;
const BIN = join(here, '../../../../../apps/provider/testing/sampleProduct/bin.mjs');
const PUBLIC_TOKEN = 'public-token-test-latchkey-playground';
const EMAIL = 'ada@example.com';
const WAIT_MS = 15_000;
const browserPath = findChromium().path as string | null;

/** `import text from './x.css?inline'` (ui-default's stylesText.ts), as Vite and the package build do it. */
function inlineCss(): Plugin {
  return {
    name: 'sample-inline-css',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /\.css\?inline$/ }, (args) => ({
        path: join(args.resolveDir, args.path.replace(/\?inline$/, '')),
        namespace: 'sample-inline-css',
      }));
      pluginBuild.onLoad({ filter: /.*/, namespace: 'sample-inline-css' }, async (args) => {
        const css = await build({
          entryPoints: [args.path],
          bundle: true,
          write: false,
          logLevel: 'silent',
          outdir: '.',
        });
        return { contents: `export default ${JSON.stringify(css.outputFiles[0]?.text ?? '')};`, loader: 'js' };
      });
    },
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

let dir = '';
let server: Server | undefined;
let provider: ChildProcess | undefined;
let providerOutput = '';
let browser: Browser | undefined;
let origin = '';
let api = '';

/** Builds the page into `dir` (one esbuild run: the entry and its lazy chunks, one stylesheet). */
async function buildPage(): Promise<void> {
  await build({
    entryPoints: [join(here, 'page.tsx')],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: dir,
    entryNames: 'page',
    conditions: ['latchkey-source', 'browser', 'module', 'production'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [sampleKitRegistriesEsbuild(), inlineCss()],
    logLevel: 'silent',
  });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sample product</title>' +
      '<link rel="stylesheet" href="/page.css"></head><body><div id="root"></div>' +
      '<script type="module" src="/page.js"></script></body></html>',
  );
}

/** Serves `dir` on a free port of 127.0.0.1. */
async function serve(): Promise<string> {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const file = path === '/' ? 'index.html' : path.slice(1);
    try {
      if (file.includes('..')) throw new Error('outside');
      const body = readFileSync(join(dir, file));
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end('Not found');
    }
  });
  const listening = server;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}

/** Starts bin.mjs on a free port, with a fresh SQLite file and a configuration allowing the page's origin. */
async function startProvider(): Promise<string> {
  const config = join(dir, 'latchkey.config.json');
  writeFileSync(
    config,
    JSON.stringify({ mode: 'development', project: { allowedOrigins: [origin], redirectUrls: [`${origin}/`] } }),
  );
  const { PORT: _port, DATABASE_URL: _database, ...env } = process.env;
  provider = spawn(
    process.execPath,
    [BIN, 'start', '--port', '0', '--db', join(dir, 'latchkey.sqlite'), '--config', config],
    { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  provider.stdout?.on('data', (chunk) => {
    providerOutput += chunk;
  });
  provider.stderr?.on('data', (chunk) => {
    providerOutput += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /^Latchkey provider listening on (http:\/\/\S+) /m.exec(providerOutput);
    if (match) return match[1] as string;
    if (provider.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The sample's provider did not start:\n${providerOutput}`);
}

/** One SDK call to the provider, from Node, as the page's origin (`sessionToken`: signed in). */
async function call(path: string, body: unknown, sessionToken?: string) {
  const response = await fetch(`${api}/sdk/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${sessionToken ?? PUBLIC_TOKEN}`).toString('base64')}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { data: Record<string, unknown> } };
}

/** The user EMAIL, signed in by an email passcode (the development inbox), sets a question; nobody is signed in. */
async function userWithAnswer(): Promise<void> {
  const sent = await call('/otps/email/login_or_create', { email: EMAIL });
  const inbox = await fetch(`${api}/dev/inbox?to=${encodeURIComponent(EMAIL)}`);
  const { messages } = (await inbox.json()) as { messages: { codes: string[] }[] };
  const code = messages.at(-1)?.codes[0];
  const signedIn = await call('/otps/authenticate', { token: code, method_id: sent.json.data.method_id });
  const set = await call(
    '/security_questions/set',
    { question: 'Name of your first dog?', answer: 'Rex the dog' },
    signedIn.json.data.session_token as string,
  );
  expect(set.status).toBe(200);
}

describe.skipIf(browserPath === null)('the sample product in a browser page built through the registries', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'latchkey-sample-page-'));
    await buildPage();
    origin = await serve();
    [api, browser] = await Promise.all([
      startProvider(),
      chromium.launch({ executablePath: browserPath as string, args: CHROMIUM_ARGS }),
    ]);
    await userWithAnswer();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (provider && provider.exitCode === null) provider.kill('SIGKILL');
    const running = server;
    if (running) await new Promise((resolve) => running.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('signs in with a security answer in real Chromium, its screen free of axe-core violations', async () => {
    const context = await (browser as Browser).newContext({ locale: 'en-US', reducedMotion: 'reduce' });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    try {
      await page.goto(`${origin}/?api=${encodeURIComponent(api)}&token=${PUBLIC_TOKEN}`);
      await page.getByRole('button', { name: 'Sign in with a security question' }).click();
      await page.getByRole('heading', { name: 'Answer your security question' }).waitFor();
      // The sample's styles reached the page beside the kit's (its screen is a column).
      const display = await page
        .locator('[data-scope="security-question"][data-part="root"]')
        .evaluate((element) => getComputedStyle(element).display);
      expect(display).toBe('flex');
      await checkA11y(page);

      await page.getByLabel('Email').fill(EMAIL);
      await page.getByLabel('Answer').fill('  rex THE dog ');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('You have successfully logged in.').waitFor();

      // The session the page stored is one the provider authenticates, proved by the sample's factor.
      const cookie = (await context.cookies()).find((candidate) => candidate.name === 'stytch_session');
      expect(cookie?.value).toEqual(expect.any(String));
      const session = await call('/sessions/authenticate', {}, cookie?.value);
      expect(session.status).toBe(200);
      const factors = (session.json.data.session as { authentication_factors: { type: string }[] })
        .authentication_factors;
      expect(factors.map((factor) => factor.type)).toEqual(['security_question']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    // A sign-in is several round trips and argon2id in the provider, on a loaded CI machine.
  }, 60_000);
});

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core on the whole page: no violations. */
async function checkA11y(page: import('playwright-core').Page): Promise<void> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    return (
      (await axe.run(document, { resultTypes: ['violations'] })) as { violations: { id: string; help: string }[] }
    ).violations;
  });
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}
