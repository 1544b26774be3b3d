import { createRequire } from 'node:module';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { appWithRoutes, providerDeps } from '../../../../testing/fixtures';
import { ORIGIN, startProvider, type TestProvider } from '../../../../testing/harness';
import { requestDevelopmentGoogleCredential } from '../../../../testing/oauthUpstream';
import { createLazyDevelopmentUpstream, type LazyDevelopmentUpstream } from './lazyDevelopmentUpstream';
import { registerDevelopmentUpstreamRoutes } from './routes';
import { subjectForEmail } from './testIdentities';

// jsdom ships no types (and @types/jsdom is not installed); only its constructor is used.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string, options: { url: string; runScripts: 'outside-only' }) => { window: unknown };
};

const SMTP = { url: 'smtp://mail.example.com:587', from: 'Acme <no-reply@acme.example>' };

const upstreams: LazyDevelopmentUpstream[] = [];
afterEach(async () => {
  while (upstreams.length > 0) await upstreams.pop()?.close();
});

/** The application shell with only the stand-in's routes, on a lazily started upstream of its own. */
async function standIn(testProvider?: TestProvider) {
  const provider = testProvider ?? (await startProvider());
  const upstream = createLazyDevelopmentUpstream({
    host: '127.0.0.1',
    port: 0,
    redirectUris: ['http://localhost:8787/v1/public/oauth/callback'],
  });
  upstreams.push(upstream);
  const app = appWithRoutes(
    provider,
    (routes) => registerDevelopmentUpstreamRoutes(routes, upstream),
    providerDeps(provider),
  );
  const fetch = (request: Request) => Promise.resolve(app.fetch(request, { remoteAddress: '127.0.0.1' }));
  return { app, upstream, fetch, provider };
}

async function verifyCredential(upstream: LazyDevelopmentUpstream, credential: string) {
  const running = await upstream.get();
  const jwks = createRemoteJWKSet(new URL(running.endpoints('google').jwks));
  return (await jwtVerify(credential, jwks, { issuer: running.issuer, audience: 'latchkey-dev-google' })).payload;
}

describe('GET /dev/oauth/gsi/client', () => {
  it('serves the stand-in script with the development client, the allowed origins and where to ask', async () => {
    const { fetch, upstream } = await standIn();
    const response = await fetch(new Request('http://localhost:8787/dev/oauth/gsi/client'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const script = await response.text();
    expect(script).toContain('"clientId":"latchkey-dev-google"');
    expect(script).toContain(`"allowedOrigins":["${ORIGIN}"`);
    expect(script).toContain('"credentialUrl":"http://localhost:8787/dev/oauth/onetap/credential"');
    expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    // Serving the script does not start the upstream; only a credential does.
    expect(upstream.isStarted()).toBe(false);
  });
});

describe('POST /dev/oauth/onetap/credential', () => {
  it('mints a Google-style credential for the development client, with the nonce it was given', async () => {
    const { fetch, upstream } = await standIn();
    const credential = await requestDevelopmentGoogleCredential(
      { email: 'tap@example.com', name: 'Tap Tester' },
      { nonce: 'nonce-abc', fetch },
    );
    expect(await verifyCredential(upstream, credential)).toMatchObject({
      sub: subjectForEmail('tap@example.com'),
      email: 'tap@example.com',
      email_verified: true,
      name: 'Tap Tester',
      nonce: 'nonce-abc',
    });
    const unverified = await requestDevelopmentGoogleCredential(
      { email: 'tap@example.com', emailVerified: false },
      { nonce: 'nonce-def', fetch },
    );
    expect((await verifyCredential(upstream, unverified)).email_verified).toBe(false);
  });

  it('refuses another client id and malformed bodies', async () => {
    const { fetch } = await standIn();
    const post = (body: unknown) =>
      fetch(
        new Request('http://localhost:8787/dev/oauth/onetap/credential', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const otherClient = await post({ email: 'a@example.com', client_id: '123.apps.googleusercontent.com', nonce: 'n' });
    expect(otherClient.status).toBe(400);
    expect(await otherClient.json()).toMatchObject({ body: [{ dataPath: '.client_id' }] });
    expect((await post({ email: 'not an email', client_id: 'latchkey-dev-google' })).status).toBe(400);
    expect((await post({ email: 'a@example.com' })).status).toBe(400);
    expect(
      (await post({ email: 'a@example.com', client_id: 'latchkey-dev-google', email_verified: 'yes' })).status,
    ).toBe(400);
    const huge = await post({ email: 'a@example.com', client_id: 'latchkey-dev-google', name: 'x'.repeat(20_000) });
    expect(huge.status).toBe(413);
  });
});

describe('the /dev/oauth routes outside development on loopback', () => {
  it('answer 404 for a host name that is not loopback', async () => {
    const { fetch, upstream } = await standIn();
    for (const url of ['http://provider.test/dev/oauth/gsi/client', 'http://192.168.1.20:8787/dev/oauth/gsi/client']) {
      expect((await fetch(new Request(url))).status).toBe(404);
    }
    const rebound = await fetch(
      new Request('http://localhost:8787/dev/oauth/onetap/credential', {
        method: 'POST',
        headers: { host: 'evil.example', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com', client_id: 'latchkey-dev-google', nonce: 'n' }),
      }),
    );
    expect(rebound.status).toBe(404);
    expect(upstream.isStarted()).toBe(false);
  });

  it('answer 404 in production mode', async () => {
    const production = await startProvider({ mode: 'production', smtp: SMTP });
    // Even if they were registered by mistake, the routes refuse to work in production.
    const { fetch } = await standIn(production);
    expect((await fetch(new Request('http://localhost/dev/oauth/gsi/client'))).status).toBe(404);
    // And the provider itself does not register them.
    const direct = await production.provider.fetch(new Request('http://localhost/dev/oauth/gsi/client'));
    expect(direct.status).toBe(404);
    const credential = await production.provider.fetch(
      new Request('http://localhost/dev/oauth/onetap/credential', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com', client_id: 'latchkey-dev-google', nonce: 'n' }),
      }),
    );
    expect(credential.status).toBe(404);
  });
});

/** A page on `origin` that has loaded the stand-in script, with its fetch wired to the provider in-process. */
async function pageWithScript(origin: string, body = '') {
  const { fetch, upstream } = await standIn();
  const script = await (await fetch(new Request('http://localhost:8787/dev/oauth/gsi/client'))).text();
  const dom = new JSDOM(`<!doctype html><html><body>${body}</body></html>`, {
    url: `${origin}/`,
    runScripts: 'outside-only',
  });
  const window = dom.window as unknown as Window & typeof globalThis & { google: any; eval(code: string): unknown };
  window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('origin', origin);
    return fetch(new Request(String(input), { ...init, headers }));
  }) as typeof globalThis.fetch;
  window.eval(script);
  return { window, upstream, id: window.google.accounts.id };
}

/** The next moment reported to a prompt listener. */
function nextMoment(): { listener: (moment: any) => void; moments: any[]; next(): Promise<any> } {
  const moments: any[] = [];
  let wake: (() => void) | null = null;
  return {
    moments,
    listener: (moment) => {
      moments.push(moment);
      wake?.();
    },
    async next() {
      const seen = moments.length;
      while (moments.length === seen) await new Promise<void>((resolve) => (wake = resolve));
      return moments[moments.length - 1];
    },
  };
}

describe('the stand-in for Google’s One Tap script', () => {
  it('shows a chooser of test identities and hands the picked credential to the callback', async () => {
    const { window, upstream, id } = await pageWithScript(ORIGIN);
    const received: any[] = [];
    id.initialize({
      client_id: 'latchkey-dev-google',
      nonce: 'nonce-xyz',
      callback: (answer: any) => received.push(answer),
    });
    const moments = nextMoment();
    id.prompt(moments.listener);
    const display = await moments.next();
    expect(display.isDisplayMoment()).toBe(true);
    expect(display.isDisplayed()).toBe(true);
    const chooser = window.document.querySelector('[data-latchkey-gsi="chooser"]') as HTMLElement;
    expect(chooser.getAttribute('role')).toBe('dialog');
    expect(chooser.textContent).toContain("Latchkey's development stand-in for Google One Tap");
    (chooser.querySelector('button[data-email="grace@example.com"]') as HTMLButtonElement).click();
    const dismissed = await moments.next();
    expect(dismissed.isDismissedMoment()).toBe(true);
    expect(dismissed.getDismissedReason()).toBe('credential_returned');
    expect(received).toHaveLength(1);
    expect(received[0].select_by).toBe('user');
    expect(await verifyCredential(upstream, received[0].credential)).toMatchObject({
      email: 'grace@example.com',
      name: 'Grace Hopper',
      nonce: 'nonce-xyz',
    });
    expect(window.document.querySelector('[data-latchkey-gsi="chooser"]')).toBeNull();
  });

  it('draws the chooser inside prompt_parent_id when embedded, and cancel() dismisses it', async () => {
    const { window, id } = await pageWithScript(ORIGIN, '<div id="one-tap"></div>');
    id.initialize({ client_id: 'latchkey-dev-google', prompt_parent_id: 'one-tap', callback: () => {} });
    const moments = nextMoment();
    id.prompt(moments.listener);
    await moments.next();
    expect(window.document.querySelector('#one-tap [data-latchkey-gsi="chooser"]')).not.toBeNull();
    id.cancel();
    const dismissed = await moments.next();
    expect(dismissed.getDismissedReason()).toBe('cancel_called');
    expect(window.document.querySelector('[data-latchkey-gsi="chooser"]')).toBeNull();
  });

  it('reports why it is not displayed: missing or unknown client id, unregistered origin', async () => {
    const cases: [string, string, string][] = [
      [ORIGIN, '', 'missing_client_id'],
      [ORIGIN, '123.apps.googleusercontent.com', 'invalid_client'],
      ['http://localhost:6006', 'latchkey-dev-google', 'unregistered_origin'],
    ];
    for (const [origin, clientId, reason] of cases) {
      const { window, id } = await pageWithScript(origin);
      id.initialize({ client_id: clientId, callback: () => {} });
      const moments = nextMoment();
      id.prompt(moments.listener);
      const moment = await moments.next();
      expect(moment.isNotDisplayed()).toBe(true);
      expect(moment.getNotDisplayedReason()).toBe(reason);
      expect(window.document.querySelector('[data-latchkey-gsi="chooser"]')).toBeNull();
    }
  });

  it('renders a plain Google button that opens the chooser', async () => {
    const { window, id } = await pageWithScript(ORIGIN, '<div id="button"></div>');
    const received: any[] = [];
    id.initialize({ client_id: 'latchkey-dev-google', callback: (answer: any) => received.push(answer) });
    id.renderButton(window.document.getElementById('button'), { text: 'continue_with' });
    const button = window.document.querySelector('#button button') as HTMLButtonElement;
    expect(button.textContent).toBe('Continue with Google');
    button.click();
    const chooser = window.document.querySelector('[data-latchkey-gsi="chooser"]') as HTMLElement;
    (chooser.querySelector('button[data-email="ada@example.com"]') as HTMLButtonElement).click();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    expect(received[0].select_by).toBe('btn');
  });
});
