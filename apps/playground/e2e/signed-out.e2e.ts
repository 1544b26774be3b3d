// What a newcomer meets first: the playground loaded by someone who is not signed in. No request that can only
// fail (the SDK's start-up `sessions/authenticate` without a session), no failed response, no console error.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DEMO_RP_URL } from './config';
import { expectSignedOut, test } from './support';

/**
 * The consent page as the demo app sends a browser to it (npm start's client latchkey-demo). (Its logout page sends a
 * signed-out browser straight back to the app: there is nothing to log out of.)
 */
const AUTHORIZE = `/oauth/authorize?${new URLSearchParams({
  client_id: 'latchkey-demo',
  redirect_uri: `${DEMO_RP_URL}/callback`,
  response_type: 'code',
  scope: 'openid email profile',
  state: 'signed-out-check',
})}`;

const PAGES = ['/', '/unstyled', '/hooks', '/authenticate', '/session', '/security', '/inbox', AUTHORIZE];

/** Everything a developer would see in the browser's console and network panel while `page` is open. */
function watch(page: Page) {
  const seen = { authenticateCalls: [] as string[], consoleErrors: [] as string[], failedResponses: [] as string[] };
  page.on('request', (request) => {
    if (request.url().includes('/sessions/authenticate'))
      seen.authenticateCalls.push(`${request.method()} ${request.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') seen.consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      seen.failedResponses.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  // A request the page aborts itself (React's development double effect cancels the inbox's first poll) is not a
  // failure anybody sees; a refused or broken one is.
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    if (reason !== 'net::ERR_ABORTED') seen.failedResponses.push(`${reason} ${request.method()} ${request.url()}`);
  });
  return seen;
}

describe('a signed-out load of the playground', () => {
  test('sends no sessions/authenticate request and logs no console error, on every page', async ({ page }) => {
    const seen = watch(page);
    for (const path of PAGES) {
      // The SDK reads the bootstrap first thing: once it has answered and the network is quiet, start-up is over.
      const bootstrap = page.waitForResponse((response) => response.url().includes('/projects/bootstrap/'));
      await page.goto(path);
      await bootstrap;
      await page.waitForLoadState('networkidle');
      await expectSignedOut(page);
    }

    expect(seen.authenticateCalls, 'sessions/authenticate requests').toEqual([]);
    // One refusal is expected, on the consent page only: the widget asks the provider about the authorization request
    // before anything else, signed in or not (the provider checks the client and the redirect URI first, and may
    // send the browser straight back to the application), and the provider answers a signed-out browser
    // `user_unauthenticated` (401), after which the widget shows the sign-in.
    const isPreflight = (line: string) => line.includes('/sdk/v1/idp/oauth/authorize/start');
    expect(
      seen.failedResponses.filter((line) => !isPreflight(line)),
      'failed responses',
    ).toEqual([]);
    expect(seen.failedResponses.filter(isPreflight)).toEqual([
      expect.stringMatching(/^401 POST .*\/sdk\/v1\/idp\/oauth\/authorize\/start$/),
    ]);
    // Chromium reports that 401 in the console too ('Failed to load resource'); nothing else may be there.
    const isPreflightLog = (line: string) =>
      line.includes('/oauth/authorize?') && line.includes('Failed to load resource') && line.includes('401');
    expect(
      seen.consoleErrors.filter((line) => !isPreflightLog(line)),
      'console errors',
    ).toEqual([]);
  });
});
