// Server rendering: /hydration (a second playground server on 5175, playgroundServer.ts) is either kit's
// <SignIn> inside <LatchkeyProvider> rendered by react-dom/server's renderToString, hydrated with hydrateRoot.
// React reports a mismatch on the console; none may appear, and the email field works once hydrated.
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { hydrationPage, startPlayground } from './playgroundServer';
import { test, widget } from './support';

const PORT = 5175;
const PAGE = `http://localhost:${PORT}/hydration`;
/** The dev server transforms each widget's modules on its first visit: slow on a loaded machine. */
const LOADED_TIMEOUT_MS = 120_000;
let server: ViteDevServer;

beforeAll(async () => {
  server = await startPlayground(PORT, { plugins: [hydrationPage()] });
});
afterAll(async () => {
  await server?.close();
});

describe.each(['default', 'unstyled'])('server-rendered sign-in, %s kit', (kit) => {
  test('hydrates without a mismatch, and the email field works', { timeout: LOADED_TIMEOUT_MS * 2 }, async ({
    page,
  }) => {
    const url = `${PAGE}?kit=${kit}`;
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
    });
    const served = await (await fetch(url)).text();
    expect(served).toMatch(/<input[^>]*type="email"/);

    await page.goto(url, { timeout: LOADED_TIMEOUT_MS });
    await page.waitForFunction(
      () => (window as Window & { latchkeyHydrated?: boolean }).latchkeyHydrated === true,
      undefined,
      { timeout: LOADED_TIMEOUT_MS },
    );
    const signIn = widget(page);
    await signIn.getByLabel('Email').fill('ada@example');
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('alert').filter({ hasText: 'Invalid email address.' }).waitFor();
    expect(await signIn.getByLabel('Email').inputValue()).toBe('ada@example');

    expect(logged.filter((text) => /hydrat|did not match|client rendering/i.test(text))).toEqual([]);
    expect(logged).toEqual([]);
  });
});

/** Each widget's first screen in the server's HTML (signed out: the server's client has no session yet). */
const FIRST_SCREENS = {
  ResetPassword: [/data-scope="reset-password"/, /<input[^>]*type="password"/],
  PasskeyRegistration: [/data-scope="passkey-registration"/, /data-part="no-user"/],
  TotpEnrollment: [/data-scope="totp-enrollment"/, /data-part="error"/],
  IdentityProvider: [/data-scope="identity-provider"/, /data-flow="authorize"/],
};

describe.each(['default', 'unstyled'])('server-rendered widgets, %s kit', (kit) => {
  test.for(Object.entries(FIRST_SCREENS))(
    '<%s> is in the server HTML and hydrates without a console error or warning',
    { timeout: LOADED_TIMEOUT_MS * 2 },
    async ([name, patterns], { page }) => {
      const url = `${PAGE}?kit=${kit}&widget=${name}`;
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
      });
      const served = await (await fetch(url)).text();
      for (const pattern of patterns) expect(served).toMatch(pattern);
      // The screen itself, not a Suspense fallback left for the browser (which would log a recoverable error).
      expect(served).not.toContain('<!--$!-->');

      await page.goto(url, { timeout: LOADED_TIMEOUT_MS });
      await page.waitForFunction(
        () => (window as Window & { latchkeyHydrated?: boolean }).latchkeyHydrated === true,
        undefined,
        { timeout: LOADED_TIMEOUT_MS },
      );
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
