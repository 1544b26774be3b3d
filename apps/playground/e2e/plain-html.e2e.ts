// A page without React or a bundler: examples/plain-html/index.html loads the browser module of
// @latchkey/ui-default (packages/ui-default/dist/browser/latchkey.js: React, react-dom and every dependency bundled
// in) with one <script type="module"> and signs in with an email passcode through <latchkey-login>. Both files are
// served by a tiny static server on http://localhost:5177 (an origin e2e/latchkey.config.json allows), at the paths
// they have in the repository, so the page's relative import works as it does with any static server; nothing else
// is served. The module is the BUILT file: `npm run build` first (.ci/run builds before `npm test`).
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { checkA11y, E2E_WAIT_MS, lastCode, test, typeCode, uniqueEmail, widget } from './support';

const PORT = 5177;
const ORIGIN = `http://localhost:${PORT}`;
const PAGE_PATH = '/examples/plain-html/';
const MODULE_PATH = '/packages/ui-default/dist/browser/latchkey.js';
const root = fileURLToPath(new URL('../../..', import.meta.url));
const moduleFile = `${root}${MODULE_PATH.slice(1)}`;

/** What the static server answers: the example page and the module, read from disk on each request. */
const FILES = new Map([
  [PAGE_PATH, { file: `${root}examples/plain-html/index.html`, type: 'text/html; charset=utf-8' }],
  [MODULE_PATH, { file: moduleFile, type: 'text/javascript; charset=utf-8' }],
]);

let server: Server | undefined;
/** Every path the static server was asked for, in order. */
const served: string[] = [];

beforeAll(async () => {
  if (!existsSync(moduleFile)) {
    throw new Error(
      `${MODULE_PATH.slice(1)} is missing: this test serves the built browser module of @latchkey/ui-default. ` +
        'Run `npm run build` first (.ci/run does, before `npm test`).',
    );
  }
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', ORIGIN).pathname;
    served.push(path);
    const entry = FILES.get(path);
    if (!entry) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': entry.type, 'cache-control': 'no-store' }).end(readFileSync(entry.file));
  });
  const starting = server;
  await new Promise<void>((resolve, reject) => {
    starting.once('error', reject);
    starting.listen(PORT, 'localhost', resolve);
  });
});

afterAll(async () => {
  const running = server;
  if (running) await new Promise((resolve) => running.close(resolve));
});

/** Opens the example page, recording the scripts it requests and what its console reports. */
async function openExample(page: Page) {
  const seen = { scripts: [] as string[], console: [] as string[] };
  page.on('request', (request) => {
    if (request.resourceType() === 'script') seen.scripts.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      seen.console.push(`${message.type()}: ${message.text()}`);
    }
  });
  served.length = 0;
  await page.goto(`${ORIGIN}${PAGE_PATH}`);
  return seen;
}

/** The page's own signed-in state (`#session-status`, from `client.session`). */
function pageStatus(page: Page) {
  return page.getByRole('status').filter({ hasText: /^(Signed in as .*|Signed out)$/ });
}

describe('plain HTML page (the browser module)', () => {
  test('signs in with an email passcode, from one self-contained script module', async ({ page }) => {
    const email = uniqueEmail('plain-html');
    const seen = await openExample(page);
    await expect.poll(() => pageStatus(page).textContent()).toBe('Signed out');
    const signIn = widget(page);
    await signIn.getByRole('heading', { name: 'Sign up or log in' }).waitFor();

    // The stylesheet came with the module: the card and its primary button are themed, without a <link>.
    const looks = await signIn.evaluate((element) => {
      const card = getComputedStyle(element.closest('.lk-Root') as Element);
      const button = element.querySelector('button[type="submit"]') as Element;
      return {
        maxWidth: card.maxWidth,
        borderRadius: card.borderRadius,
        buttonBackground: getComputedStyle(button).backgroundColor,
        stylesheets: document.querySelectorAll('link[rel="stylesheet"]').length,
      };
    });
    expect(looks).toEqual({
      maxWidth: '400px',
      borderRadius: '8px',
      buttonBackground: 'rgb(25, 48, 61)',
      stylesheets: 0,
    });
    await checkA11y(page, 'plain HTML page, signed out');

    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await typeCode(page, await lastCode(email));
    await signIn.getByText('Your passcode has been successfully verified.').waitFor();
    await expect.poll(() => pageStatus(page).textContent(), { timeout: E2E_WAIT_MS }).toBe(`Signed in as ${email}`);
    await checkA11y(page, 'plain HTML page, signed in');

    // Self-contained: the page's one script request is the module, and the server was asked for nothing else
    // (no chunk, no stylesheet), before or after the sign-in's lazy screens.
    expect(seen.scripts).toEqual([`${ORIGIN}${MODULE_PATH}`]);
    expect(served).toEqual([PAGE_PATH, MODULE_PATH]);
    const modules = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js')),
    );
    expect(modules).toEqual([MODULE_PATH]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => pageStatus(page).textContent(), { timeout: E2E_WAIT_MS }).toBe('Signed out');
    expect(seen.console, 'console errors and warnings').toEqual([]);
  });

  test('a <latchkey-login> with enableShadowDOM gets the stylesheet inside its shadow root', async ({ page }) => {
    const seen = await openExample(page);
    await widget(page).getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    await page.evaluate(() => {
      const element = document.createElement('latchkey-login');
      element.id = 'shadow-login';
      element.setAttribute('config', JSON.stringify({ products: ['emailMagicLinks'], enableShadowDOM: true }));
      document.querySelector('latchkey-login')?.replaceWith(element);
    });
    // Playwright's locators pierce open shadow roots.
    const shadowWidget = page.locator('#shadow-login [data-scope="sign-in"][data-part="root"]');
    await shadowWidget.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    const inside = await page.evaluate(() => {
      const shadowRoot = document.getElementById('shadow-login')?.shadowRoot;
      const card = shadowRoot?.querySelector('.lk-Root');
      return {
        isInShadowRoot: Boolean(card),
        lightDomChildren: document.getElementById('shadow-login')?.childElementCount,
        maxWidth: card ? getComputedStyle(card).maxWidth : null,
        borderRadius: card ? getComputedStyle(card).borderRadius : null,
        documentStyles: document.querySelectorAll('style[data-latchkey-styles]').length,
      };
    });
    expect(inside).toEqual({
      isInShadowRoot: true,
      lightDomChildren: 0,
      maxWidth: '400px',
      borderRadius: '8px',
      documentStyles: 1,
    });
    await checkA11y(page, 'plain HTML page, shadow DOM widget');
    expect(seen.scripts).toEqual([`${ORIGIN}${MODULE_PATH}`]);
    expect(seen.console, 'console errors and warnings').toEqual([]);
  });
});
