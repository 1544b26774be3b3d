// What every browser test uses: a `test` with `page`/`context` fixtures (a fresh browser context per test, on the
// run's one Chromium), the development inbox, unique addresses, and an axe-core check.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { test as base, expect, inject } from 'vitest';
import { E2E_WAIT_MS, PLAYGROUND_URL, PROVIDER_URL } from './config';

export { E2E_WAIT_MS, PLAYGROUND_URL, PROVIDER_URL };

interface Fixtures {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/** A browser context as every test's: the playground's base URL, English, UTC, reduced motion, long waits. */
async function newTestContext(browser: Browser): Promise<BrowserContext> {
  // Reduced motion: toasts and screens appear without fading in, so axe never measures a half-faded element.
  const context = await browser.newContext({
    baseURL: PLAYGROUND_URL,
    locale: 'en-US',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
  });
  // Every locator action and `waitFor` (navigation included) waits this long for the visible state.
  context.setDefaultTimeout(E2E_WAIT_MS);
  return context;
}

/** `test` with Playwright fixtures: `page` lives in a fresh `context` (its own storage and cookies). */
export const test = base.extend<Fixtures>({
  browser: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest fixtures must destructure their first argument.
    async ({}, use) => {
      const browser = await chromium.connect(inject('browserWsEndpoint'));
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  context: async ({ browser }, use) => {
    const context = await newTestContext(browser);
    await use(context);
    await context.close();
  },
  page: async ({ context, onTestFailed }, use) => {
    await watchPage(await context.newPage(), onTestFailed, use);
  },
});

/** The page events watchPage listens to; their listeners go when the test ends. */
const WATCHED_EVENTS = ['pageerror', 'framenavigated', 'console', 'request', 'response', 'requestfailed'] as const;

/**
 * Hands `page` to a test with what every test gets: the page's uncaught errors fail the test, and what the page did
 * (navigations, console, fetches) is printed when it fails (a failure on a loaded CI box can then be read from the
 * log: which calls were sent, how they were answered and when, what the console said). The listeners of those
 * events go with the test, the test's own included: a page may serve several (testWithSharedPage).
 */
async function watchPage(
  page: Page,
  onTestFailed: (handler: () => void) => void,
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const errors: Error[] = [];
  const started = Date.now();
  const trail: string[] = [];
  const note = (line: string) => trail.push(`${String(Date.now() - started).padStart(6)} ms  ${line}`);
  page.on('pageerror', (error) => errors.push(error));
  page.on('framenavigated', (frame) => frame === page.mainFrame() && note(`navigated to ${frame.url()}`));
  page.on('console', (message) => note(`console.${message.type()}: ${message.text()}`));
  page.on('request', (request) => request.resourceType() === 'fetch' && note(`→ ${request.method()} ${request.url()}`));
  page.on('response', (response) => {
    if (response.request().resourceType() === 'fetch') note(`← ${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => note(`✗ ${request.url()}: ${request.failure()?.errorText}`));
  onTestFailed(() => {
    console.error(`What the page did (${page.url()}):\n${trail.join('\n')}`);
  });
  try {
    await use(page);
  } finally {
    // These and the test's own listeners of the same events.
    for (const event of WATCHED_EVENTS) page.removeAllListeners(event);
  }
  // A page error is a bug in the playground or a kit: fail the test that caused it.
  expect(
    errors.map((error) => error.message),
    'uncaught errors in the page',
  ).toEqual([]);
}

/**
 * `test` whose tests share one page (tab) per file: for pages served module by module by a Vite dev server (about
 * 350 requests), a page loads in about 2 s instead of 5 once an earlier test has loaded it (the tab's memory cache).
 * Each test still starts with no cookies, and each page load with empty storage, as in a fresh context; the page's
 * errors and trail are the test's own (watchPage).
 */
export const testWithSharedPage = test.extend<{ sharedPage: Page; page: Page }>({
  sharedPage: [
    async ({ browser }, use) => {
      const context = await newTestContext(browser);
      await context.addInitScript(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'file' },
  ],
  page: async ({ sharedPage, onTestFailed }, use) => {
    await sharedPage.context().clearCookies();
    await watchPage(sharedPage, onTestFailed, use);
  },
});

// ---- Unique identities: every test signs up someone new, so tests never share rate limits or lockouts. ----

let counter = 0;
const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A fresh email address: `label-run-n@example.com`. */
/** Sends a passcode email straight through the provider's API, as a server would (no Origin header). */
export async function sendPasscodeEmail(email: string): Promise<void> {
  const token = 'public-token-test-latchkey-playground';
  const response = await fetch(`${PROVIDER_URL}/sdk/v1/otps/email/login_or_create`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${token}:${token}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email, expiration_minutes: 5 }),
  });
  expect(response.status).toBe(200);
}

export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${runId}-${counter}@example.com`;
}

/** A fresh valid US number, as digits to type (national, '4155550123') and as E.164 ('+14155550123'). */
export function uniquePhone(): { national: string; e164: string } {
  counter += 1;
  const last4 = String((Date.now() + counter * 7919 + Math.floor(Math.random() * 1000)) % 10_000).padStart(4, '0');
  return { national: `415555${last4}`, e164: `+1415555${last4}` };
}

// ---- The development inbox ----

/** One message of the provider's development inbox. */
export interface InboxMessage {
  message_id: string;
  channel: string;
  to: string;
  subject: string | null;
  text: string;
  links: string[];
  codes: string[];
  created_at: string;
}

/** The messages sent to `to`, oldest first. */
export async function inbox(to: string): Promise<InboxMessage[]> {
  const response = await fetch(`${PROVIDER_URL}/dev/inbox?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`GET /dev/inbox answered ${response.status}`);
  return ((await response.json()) as { messages: InboxMessage[] }).messages;
}

/** Waits until `to` has received `count` messages (default: at least one) and returns the newest. */
export async function waitForMessage(to: string, count = 1, timeoutMs = E2E_WAIT_MS): Promise<InboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await inbox(to);
    const newest = messages.at(-1);
    if (newest && messages.length >= count) return newest;
    if (Date.now() > deadline) {
      throw new Error(`expected ${count} message(s) to ${to} in the development inbox, found ${messages.length}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits for the `n`-th message (1-based, oldest first) sent to `to`. */
export async function messageNumber(to: string, n: number): Promise<InboxMessage> {
  await waitForMessage(to, n);
  const message = (await inbox(to))[n - 1];
  if (!message) throw new Error(`no message number ${n} to ${to}`);
  return message;
}

/** The passcode of the newest message to `to` (waiting until there are `count` messages). */
export async function lastCode(to: string, count = 1): Promise<string> {
  const message = await waitForMessage(to, count);
  const code = message.codes[0];
  if (!code) throw new Error(`the newest message to ${to} carries no passcode: ${message.text}`);
  return code;
}

/** The link in `message` whose URL contains `contains`. */
export function linkIn(message: InboxMessage, contains = ''): string {
  const link = message.links.find((candidate) => candidate.includes(contains));
  if (!link) throw new Error(`the message to ${message.to} has no link containing "${contains}": ${message.text}`);
  return link;
}

/** The link of the newest message to `to` whose URL contains `contains`. */
export async function lastLink(to: string, contains = ''): Promise<string> {
  return linkIn(await waitForMessage(to), contains);
}

// ---- Accessibility ----

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core (its own `axe.min.js`, injected into the page) on the whole document and fails on any violation,
 * listing each rule, its help text and the offending selectors. `label` names the screen in the message.
 */
export async function checkA11y(page: Page, label = page.url()): Promise<void> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) {
    // A page whose Content-Security-Policy forbids inline scripts (the demo relying party's) refuses the tag; the
    // DevTools protocol's evaluation is not subject to the page's CSP.
    await page.addScriptTag({ path: axePath }).catch(async () => page.evaluate(readFileSync(axePath, 'utf8')));
  }
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const results = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: unknown[] };
    return results.violations;
  });
  const report = (violations as AxeViolation[]).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} ${violation.helpUrl}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(report, `axe-core violations on ${label}`).toEqual([]);
}

// ---- Small page helpers ----

/** Opens `path` on the playground and waits for its `<h1>` or the kit's first heading. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main').waitFor();
}

/** The header's session status text ('Signed in as …' or 'Signed out'). */
export function sessionStatus(page: Page) {
  return page.getByTestId('session-status');
}

/** The kit's widget root (`<SignIn>` of either kit). */
export function widget(page: Page) {
  return page.locator('[data-scope="sign-in"][data-part="root"]');
}

/** Types a passcode into the six boxes (focus moves from box to box by itself). */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** A six-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** Signs `email` in (or up) by email passcode on the playground page `path`, and waits for the header to say so. */
export async function signInByEmailPasscode(page: Page, email: string, path = '/?products=otp&methods=email') {
  await open(page, path);
  const signIn = widget(page);
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByRole('button', { name: 'Continue' }).click();
  await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
  await typeCode(page, await lastCode(email));
  await expectSignedIn(page, email);
}

/** Waits until the header says 'Signed in as {who}'. */
export async function expectSignedIn(page: Page, who: string): Promise<void> {
  await expect.poll(() => sessionStatus(page).textContent(), { timeout: E2E_WAIT_MS }).toBe(`Signed in as ${who}`);
}

/** Waits until the header says 'Signed out'. */
export async function expectSignedOut(page: Page): Promise<void> {
  await expect.poll(() => sessionStatus(page).textContent(), { timeout: E2E_WAIT_MS }).toBe('Signed out');
}

/** Signs out from the session panel and waits for the header to follow. */
export async function signOut(page: Page): Promise<void> {
  await open(page, '/session');
  // The page loads with the cached session and confirms it with the provider at once: wait for that answer (the
  // panel stops saying "from this browser's cache"), as after any other provider call, before acting on the page.
  await expect.poll(() => page.getByTestId('session-state').textContent()).toBe('Active session.');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByTestId('session-state').getByText('No active session.').waitFor();
  await expectSignedOut(page);
}

/**
 * Creates a user with a password straight through the provider's API (as a server would: no Origin), and proves the
 * address with the sign-up session, as the widget does right after a sign-up (an account whose address nobody proved
 * may not enrol an authenticator app, and its owner's first code would reset it).
 */
export async function createPasswordUser(email: string, password: string): Promise<void> {
  const token = 'public-token-test-latchkey-playground';
  const call = async (path: string, body: unknown, sessionToken = token) => {
    const response = await fetch(`${PROVIDER_URL}/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${token}:${sessionToken}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { data: Record<string, string> }).data;
  };
  const created = await call('/passwords', { email, password, session_duration_minutes: 5 });
  const sent = await call('/otps/email/send/secondary', { email }, created.session_token);
  const code = await lastCode(email);
  await call(
    '/otps/authenticate',
    { token: code, method_id: sent.method_id, session_duration_minutes: 5 },
    created.session_token,
  );
}
