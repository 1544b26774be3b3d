// Server rendering on React 19 and 18: /hydration (a second playground server, playgroundServer.ts: React 19 on 5175,
// React 18 on 5174 as react18.e2e.ts's) is a widget of both kits side by side inside <LatchkeyProvider>, rendered
// by react-dom/server's renderToString and hydrated with hydrateRoot, one page load per widget and React major.
// React reports a mismatch on the console; no error or warning may appear, and the page really runs that React.
// The tests share one tab (testWithSharedPage), each loading its page afresh: the tab's memory cache then serves the
// dev server's ~350 modules (a load takes about 2 s instead of 5).
import type { Page } from 'playwright-core';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { hydrationPage, startPlayground } from './playgroundServer';
import { reactVersions, recordReactVersion } from './reactVersion';
import { testWithSharedPage as test } from './support';

const PORTS = { 19: 5175, 18: 5174 };
const KITS = ['default', 'unstyled'];
/** The dev server transforms each widget's modules on its first visit: slow on a loaded machine. */
const LOADED_TIMEOUT_MS = 120_000;
const servers: ViteDevServer[] = [];

beforeAll(async () => {
  // One after the other: startPlayground sets LATCHKEY_REACT while the server loads its configuration.
  servers.push(await startPlayground(PORTS[19], { plugins: [hydrationPage()] }));
  servers.push(await startPlayground(PORTS[18], { react18: true, plugins: [hydrationPage()] }));
}, LOADED_TIMEOUT_MS * 2);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

const recorded = new WeakSet<Page>();

/**
 * Fetches the page's server HTML, then opens it and waits for hydration; returns each kit's part of that HTML
 * (`<section data-kit>`) and the console's errors and warnings from the start.
 */
async function openHydrated(page: Page, url: string, major: 18 | 19) {
  const logged: string[] = [];
  // The tests share one page (testWithSharedPage): this listener goes with the test (watchPage), and the stand-in
  // hook is set up once.
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
  });
  const served = await (await fetch(url)).text();
  const sections = Object.fromEntries(
    served
      .split('<section data-kit="')
      .slice(1)
      .map((section) => [section.slice(0, section.indexOf('"')), section]),
  );
  expect(Object.keys(sections)).toEqual(KITS);
  // The screens themselves, not a Suspense fallback left for the browser (which would log a recoverable error).
  expect(served).not.toContain('<!--$!-->');

  if (!recorded.has(page)) {
    await recordReactVersion(page);
    recorded.add(page);
  }
  await page.goto(url, { timeout: LOADED_TIMEOUT_MS });
  await page.waitForFunction(
    () => (window as Window & { latchkeyHydrated?: boolean }).latchkeyHydrated === true,
    undefined,
    { timeout: LOADED_TIMEOUT_MS },
  );
  const versions = await reactVersions(page);
  expect(versions).toHaveLength(1);
  expect(versions[0]).toMatch(new RegExp(`^${major}\\.`));
  return { sections, logged };
}

/** Each widget's first screen in the server's HTML, per kit (signed out unless the page says `session=signed-in`). */
const FIRST_SCREENS: Record<string, { query: string; patterns: RegExp[] }> = {
  ResetPassword: {
    query: 'widget=ResetPassword',
    patterns: [/data-scope="reset-password"/, /<input[^>]*type="password"/],
  },
  PasskeyRegistration: {
    query: 'widget=PasskeyRegistration',
    patterns: [/data-scope="passkey-registration"/, /data-part="no-user"/],
  },
  'PasskeyRegistration (signed in)': {
    query: 'widget=PasskeyRegistration&session=signed-in',
    patterns: [/data-scope="passkey-registration-start"/, /<button[^>]*data-part="create"/],
  },
  TotpEnrollment: { query: 'widget=TotpEnrollment', patterns: [/data-scope="totp-enrollment"/, /data-part="error"/] },
  IdentityProvider: {
    query: 'widget=IdentityProvider',
    patterns: [/data-scope="identity-provider"/, /data-flow="authorize"/],
  },
};

describe.each([19, 18] as const)('server rendering on React %i', (major) => {
  const PAGE = `http://localhost:${PORTS[major]}/hydration`;

  test("<SignIn> of both kits hydrates without a mismatch, and each kit's email field works", {
    timeout: LOADED_TIMEOUT_MS * 2,
  }, async ({ page }) => {
    const { sections, logged } = await openHydrated(page, PAGE, major);
    for (const kit of KITS) expect(sections[kit]).toMatch(/<input[^>]*type="email"/);

    for (const kit of KITS) {
      const signIn = page.locator(`section[data-kit="${kit}"] [data-scope="sign-in"][data-part="root"]`);
      await signIn.getByLabel('Email').fill('ada@example');
      await signIn.getByRole('button', { name: 'Continue' }).click();
      await signIn.getByRole('alert').filter({ hasText: 'Invalid email address.' }).waitFor();
      expect(await signIn.getByLabel('Email').inputValue()).toBe('ada@example');
    }

    expect(logged.filter((text) => /hydrat|did not match|client rendering/i.test(text))).toEqual([]);
    expect(logged).toEqual([]);
  });

  test.for(Object.entries(FIRST_SCREENS))(
    '<%s> of both kits is in the server HTML and hydrates without a console error or warning',
    { timeout: LOADED_TIMEOUT_MS * 2 },
    async ([name, { query, patterns }], { page }) => {
      const { sections, logged } = await openHydrated(page, `${PAGE}?${query}`, major);
      for (const kit of KITS) for (const pattern of patterns) expect(sections[kit]).toMatch(pattern);
      // Let React finish hydrating (and report any mismatch) before reading the console.
      await page.waitForTimeout(1_000);
      // The identity provider asks the provider about its (made-up) client once hydrated: the browser logs that
      // refused request itself, which is no hydration problem.
      const problems =
        name === 'IdentityProvider' ? logged.filter((text) => !text.startsWith('Failed to load resource')) : logged;
      expect(problems).toEqual([]);
    },
  );
});
