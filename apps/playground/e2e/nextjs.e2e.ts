// The Next.js example (examples/nextjs) as its users run it: `next build` (the packages' built output, as
// published; CI builds them before the tests, locally run `npm run build` first), then `next start` on port 5176
// (an origin e2e/latchkey.config.json allows), against the run's provider on its defaults. A visitor signs in on
// /sign-in with the default kit and the passcode from the development inbox, the server renders /account from the
// verified session JWT, /api/me answers the session, and after signing out both are closed again.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { isListening } from './ports';
import { checkA11y, E2E_WAIT_MS, inbox, lastCode, test, typeCode, uniqueEmail, widget } from './support';

const PORT = 5176;
const SITE = `http://localhost:${PORT}`;
const EXAMPLE_DIR = fileURLToPath(new URL('../../../examples/nextjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const NEXT_BIN = createRequire(`${EXAMPLE_DIR}/package.json`).resolve('next/dist/bin/next');
const PROVIDER_BIN = fileURLToPath(new URL('../../provider/bin/latchkey-provider.mjs', import.meta.url));
// `next build` compiles, type-checks and prerenders: about a minute on a loaded two-core machine, so allow plenty.
const SETUP_TIMEOUT_MS = 6 * 60_000;
const START_TIMEOUT_MS = 90_000;

/**
 * The environment of `next build` and `next start`: the example's defaults (the reference provider's default project
 * on 127.0.0.1:8787, as this run's provider is), so none of a developer's own Latchkey or Next.js settings leak in.
 * vitest's NODE_ENV=test is dropped too: Next.js sets its own.
 */
function nextEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  for (const name of Object.keys(env)) if (name.startsWith('NEXT_PUBLIC_')) delete env[name];
  delete env.LATCHKEY_PROVIDER_URL;
  delete env.LATCHKEY_PROJECT_ID;
  delete env.NODE_ENV;
  return env;
}

/** Runs `node next <args>` in the example and resolves with its exit code and everything it printed. */
function runNext(args: string[]): Promise<{ code: number | null; output: string }> {
  return run(NEXT_BIN, args, nextEnv());
}

/** Runs `node <bin> <args>` in the example's folder and resolves with its exit code and everything it printed. */
function run(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: EXAMPLE_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

let server: ChildProcess | undefined;
const serverOutput: string[] = [];

beforeAll(async () => {
  if (await isListening(PORT)) {
    throw new Error(
      `Port ${PORT} is already in use (a \`npm run dev -w @latchkey/example-nextjs\`?). The Next.js browser test ` +
        'builds the example and starts it there itself; stop what is listening and run it again.',
    );
  }

  const build = await runNext(['build']);
  if (build.code !== 0) {
    const unbuilt = ['sdk', 'hooks', 'ui-unstyled', 'ui-default', 'server'].filter(
      (name) => !existsSync(`${ROOT}packages/${name}/dist/index.js`),
    );
    const hint =
      unbuilt.length > 0
        ? `\nThe example uses the packages' built output, and ${unbuilt.map((name) => `@latchkey/${name}`).join(', ')} ` +
          `${unbuilt.length > 1 ? 'are' : 'is'} not built: run \`npm run build\` first.`
        : '';
    throw new Error(`next build in examples/nextjs failed (exit code ${build.code}):\n${build.output}${hint}`);
  }

  // Its own process group, so afterAll stops whatever `next start` runs beneath it.
  const child = spawn(process.execPath, [NEXT_BIN, 'start', '--port', String(PORT)], {
    cwd: EXAMPLE_DIR,
    env: nextEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server = child;
  const keep = (chunk: Buffer) => {
    serverOutput.push(chunk.toString());
    if (process.env.LATCHKEY_E2E_VERBOSE) process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`next start exited before answering on ${SITE}:\n${serverOutput.join('')}`);
    }
    const answered = await fetch(`${SITE}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      throw new Error(
        `next start did not answer on ${SITE} within ${START_TIMEOUT_MS / 1000} s:\n${serverOutput.join('')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  const child = server;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
});

/** Every console error and warning of `page` from now on (hydration mismatches are reported as errors). */
function consoleProblems(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(`${message.type()}: ${message.text()}`);
  });
  return logged;
}

/** Signs `email` in on the sign-in page shown, with the passcode from the development inbox. */
async function signInWithPasscode(page: Page, email: string) {
  const signIn = widget(page);
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByRole('button', { name: 'Continue' }).click();
  await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
  await typeCode(page, await lastCode(email));
}

/** The key id (`kid`) in a JWT's protected header. */
function keyIdOf(jwt: string): unknown {
  return JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString()).kid;
}

/** `GET /api/me` with the browser context's cookies. */
async function apiMe(context: BrowserContext) {
  const response = await context.request.get(`${SITE}/api/me`);
  // A visitor's answer is never one a shared cache may keep and give to others.
  expect(response.headers()['cache-control']).toBe('private, no-store');
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** Where a redirect of the example's points to, as a path with its query (`Location` may be absolute or not). */
function redirectTarget(response: Response): string | null {
  const location = response.headers.get('location');
  if (location === null) return null;
  const url = new URL(location, SITE);
  return url.origin === SITE ? `${url.pathname}${url.search}` : url.href;
}

/** Waits until the page's address is `path` (with its query) on the example's origin. */
async function expectAt(page: Page, path: string) {
  await page.waitForURL(`${SITE}${path}`, { timeout: E2E_WAIT_MS });
}

describe('the Next.js example (next build, next start)', () => {
  test('signed out: /account redirects to /sign-in, and /api/me answers 401', async ({ page, context }) => {
    await page.goto(`${SITE}/account`);
    await expectAt(page, '/sign-in?next=%2Faccount');
    await widget(page).getByRole('heading', { name: 'Sign up or log in' }).waitFor();

    // The redirect comes from the proxy, before any page renders.
    const direct = await fetch(`${SITE}/account`, { redirect: 'manual' });
    expect(direct.status).toBe(307);
    expect(redirectTarget(direct)).toBe('/sign-in?next=%2Faccount');

    expect(await apiMe(context)).toEqual({
      status: 401,
      body: { error: 'unauthenticated', message: 'Sign in to use this API.' },
    });
    // A cookie that is no JWT at all is no session either.
    const junk = await fetch(`${SITE}/api/me`, { headers: { cookie: 'stytch_session_jwt=not-a-jwt' } });
    expect(junk.status).toBe(401);
  });

  test('the sign-in page shows the default kit with no console error or hydration warning', async ({ page }) => {
    // Rendered on the server: the widget's email field is in the first HTML, and the header says signed out.
    const served = await (await fetch(`${SITE}/sign-in`)).text();
    expect(served).toMatch(/<input[^>]*type="email"/);
    expect(served).toContain('data-scope="main"');
    expect(served).toContain('<span data-testid="session-status">Signed out</span>');

    const logged = consoleProblems(page);
    await page.goto(`${SITE}/sign-in`);
    const signIn = widget(page);
    await signIn.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    // Email passcodes only: no method tabs, the email field and Continue.
    await signIn.getByLabel('Email').waitFor();
    await signIn.getByRole('button', { name: 'Continue' }).waitFor();
    expect(await signIn.getByRole('tab').count()).toBe(0);
    // The kit's stylesheet, imported by the layout, reached the page.
    expect(await signIn.evaluate((root) => getComputedStyle(root).getPropertyValue('--lk-color-primary').trim())).toBe(
      '#19303d',
    );
    await checkA11y(page, 'the Next.js example: /sign-in');
    expect(logged).toEqual([]);
  });

  test('signs in with an email passcode, reaches the account page and the API, then signs out', async ({
    page,
    context,
  }) => {
    const logged = consoleProblems(page);
    const email = uniqueEmail('nextjs');
    await page.goto(`${SITE}/account`);
    await expectAt(page, '/sign-in?next=%2Faccount');

    await signInWithPasscode(page, email);

    // Signed in: the sign-in page goes on to `next`, which the server renders from the verified session JWT.
    await expectAt(page, '/account');
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByTestId('account-greeting').getByText(`Signed in as ${email}.`).waitFor();
    const userId = (await page.getByTestId('account-user-id').textContent()) ?? '';
    expect(userId).toMatch(/^user-test-/);
    await checkA11y(page, 'the Next.js example: /account');

    // The server's HTML already holds the user: rendered by the server component, not filled in by the browser.
    const html = await (await context.request.get(`${SITE}/account`, { maxRedirects: 0 })).text();
    expect(html).toContain(`<p data-testid="account-greeting">Signed in as ${email}.</p>`);
    expect(html).toContain(`<dd data-testid="account-user-id">${userId}</dd>`);
    // …and the SDK's session too: the layout passed the verified session to the client (initialSession).
    expect(html).toContain('<span data-testid="session-status">Signed in</span>');
    await page.getByTestId('session-status').getByText('Signed in').waitFor();

    const me = await apiMe(context);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ userId, email });
    expect(me.body.sessionId).toBe(await page.getByTestId('account-session-id').textContent());

    // The cookie is verified, not merely present: the same JWT with a changed signature is refused.
    const jwt = (await context.cookies(SITE)).find((cookie) => cookie.name === 'stytch_session_jwt')?.value ?? '';
    expect(jwt.split('.')).toHaveLength(3);
    const forged = `${jwt.slice(0, -4)}${jwt.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const refused = await fetch(`${SITE}/api/me`, { headers: { cookie: `stytch_session_jwt=${forged}` } });
    expect(refused.status).toBe(401);
    const redirected = await fetch(`${SITE}/account`, {
      headers: { cookie: `stytch_session_jwt=${forged}` },
      redirect: 'manual',
    });
    expect(redirectTarget(redirected)).toBe('/sign-in?next=%2Faccount');
    // With the real JWT, /sign-in sends the visitor on to the account page.
    const signedInVisit = await fetch(`${SITE}/sign-in`, {
      headers: { cookie: `stytch_session_jwt=${jwt}` },
      redirect: 'manual',
    });
    expect(redirectTarget(signedInVisit)).toBe('/account');
    // …or on to `next` when it is a path of this site, never to another origin.
    for (const [next, target] of [
      ['/account?tab=1', '/account?tab=1'],
      ['//evil.example/account', '/account'],
      ['/\\evil.example', '/account'],
      ['https://evil.example/', '/account'],
      // Dot segments that resolve to a path starting with `//` (another host to a browser).
      ['/.//evil.example', '/account'],
      ['/..//evil.example', '/account'],
      ['/%2e//evil.example', '/account'],
      ['/a/..//evil.example/x', '/account'],
    ]) {
      const visit = await fetch(`${SITE}/sign-in?next=${encodeURIComponent(next as string)}`, {
        headers: { cookie: `stytch_session_jwt=${jwt}` },
        redirect: 'manual',
      });
      expect(redirectTarget(visit), `next=${next}`).toBe(target);
    }

    // Without its JWT cookie (as after five minutes away), /account goes through /sign-in, where the SDK renews
    // the session with the opaque token and the visitor goes on to /account without a new passcode.
    await context.clearCookies({ name: 'stytch_session_jwt' });
    const detour: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) detour.push(frame.url());
    });
    await page.goto(`${SITE}/account`);
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await expectAt(page, '/account');
    expect(detour).toContain(`${SITE}/sign-in?next=%2Faccount`);
    expect(await inbox(email)).toHaveLength(1);
    const renewed = (await context.cookies(SITE)).find((cookie) => cookie.name === 'stytch_session_jwt')?.value;
    expect(renewed?.split('.')).toHaveLength(3);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectAt(page, '/sign-in');
    await widget(page).getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    const names = (await context.cookies(SITE)).map((cookie) => cookie.name);
    expect(names).not.toContain('stytch_session_jwt');
    expect(names).not.toContain('stytch_session');

    await page.goto(`${SITE}/account`);
    await expectAt(page, '/sign-in?next=%2Faccount');
    await widget(page).getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    expect((await apiMe(context)).status).toBe(401);
    expect(logged).toEqual([]);
  });
  test('keeps verifying sessions across a signing-key rotation (latchkey-provider keys rotate)', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('nextjs-rotation');
    await page.goto(`${SITE}/sign-in?next=%2Faccount`);
    await signInWithPasscode(page, email);
    await expectAt(page, '/account');
    const jwtCookie = async () =>
      (await context.cookies(SITE)).find((cookie) => cookie.name === 'stytch_session_jwt')?.value ?? '';
    const before = await jwtCookie();
    const oldKid = keyIdOf(before);
    expect((await apiMe(context)).status).toBe(200);

    // An operator rotates the running provider's keys from another process, on the same database.
    const rotated = await run(PROVIDER_BIN, ['keys', 'rotate', '--db', inject('providerDatabase')], {
      ...process.env,
      NODE_ENV: 'development',
    });
    expect(rotated.code, rotated.output).toBe(0);
    expect(rotated.output).toContain('signs from now on');

    // The JWT signed before the rotation still verifies on the Next.js server.
    const old = await fetch(`${SITE}/api/me`, { headers: { cookie: `stytch_session_jwt=${before}` } });
    expect(old.status).toBe(200);

    // Once the provider reads the keys again (at most 5 s), a renewed session JWT carries the new key, and the
    // Next.js server (whose JWKS was fetched before the rotation) verifies it: the new key was published ahead.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await context.clearCookies({ name: 'stytch_session_jwt' });
    await page.goto(`${SITE}/account`);
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await expectAt(page, '/account');
    const after = await jwtCookie();
    expect(after.split('.')).toHaveLength(3);
    expect(keyIdOf(after)).not.toBe(oldKid);
    expect(oldKid).toMatch(/./);
    const me = await apiMe(context);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email });
  });
});
