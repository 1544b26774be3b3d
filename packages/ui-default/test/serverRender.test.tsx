// @vitest-environment node
// Server rendering, on the React of the project (ui-default: 19, ui-default-react18: 18): every package imports
// where there is no window or document, and both kits' widgets render to a string inside <LatchkeyProvider>.
// The client is the SDK's own, created with an injected environment (createClient throws on the server only
// when nothing is injected): its fetch never answers, so rendering sends nothing and the widget shows what it
// shows before the project settings arrive, as the page's client does on its first render. The last tests use the
// SDK's server client (createClient with nothing injected), as a server page does.
import type { SignInConfig } from '@latchkey/hooks';
import { fakeSignedInSession } from '@latchkey/testing/signed-in-session';
import type { ReactElement } from 'react';
import { expect, test, vi } from 'vitest';

/** The server-side client: the browser's client on the page, this one for the render (packages/sdk README). */
async function serverClient() {
  const { createClient } = await import('@latchkey/sdk');
  return createClient('public-token-test-server-render', {
    apiBaseUrl: 'http://127.0.0.1:8787',
    environment: { fetch: () => new Promise<Response>(() => {}) },
  });
}

test('every package imports with no window or document', { timeout: 120_000 }, async () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
  const packages = await Promise.all([
    import('@latchkey/sdk'),
    import('@latchkey/hooks'),
    import('@latchkey/ui-unstyled'),
    import('@latchkey/ui-default'),
  ]);
  for (const exports of packages) expect(Object.keys(exports).length).toBeGreaterThan(0);
  // createClient without an environment gives the server's inert client: no session yet, nothing sent.
  const fetch = vi.spyOn(globalThis, 'fetch');
  const client = packages[0].createClient('public-token-test-server-render');
  expect(client.session.getSnapshot()).toEqual({ session: null, user: null, fromCache: true });
  expect(fetch).not.toHaveBeenCalled();
  fetch.mockRestore();
});

test.each(['ui-unstyled', 'ui-default'] as const)('<SignIn> of %s renders to a string', async (kit) => {
  const [{ renderToString }, { LatchkeyProvider }, { SignIn, preloadSignIn }] = await Promise.all([
    import('react-dom/server'),
    import('@latchkey/hooks'),
    kit === 'ui-unstyled' ? import('@latchkey/ui-unstyled') : import('@latchkey/ui-default'),
  ]);
  const config = { products: ['otp'], otpOptions: { methods: ['email'] } } satisfies SignInConfig;
  const client = await serverClient();
  const render = () =>
    renderToString(
      <LatchkeyProvider client={client}>
        <SignIn config={config} />
      </LatchkeyProvider>,
    );
  const logged = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
  try {
    // The email form is in the product's lazy chunk, which renderToString (no Suspense) would leave to the browser:
    // preloadSignIn(config) first, and it is rendered (the page preloads before hydrateRoot the same way).
    await preloadSignIn(config);
    const html = render();
    expect(html).toContain('data-scope="main"');
    expect(html).toMatch(/<input[^>]*type="email"/);
    expect(html).not.toContain('<template');
    // React 18 warns on the server for a useLayoutEffect; neither major may log anything.
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  } finally {
    for (const spy of logged) spy.mockRestore();
    client.destroy();
  }
});

test('the themed <SignIn> with config.enableShadowDOM renders to a string: an empty place for the shadow root', async () => {
  const [{ renderToString }, { LatchkeyProvider }, { SignIn }] = await Promise.all([
    import('react-dom/server'),
    import('@latchkey/hooks'),
    import('@latchkey/ui-default'),
  ]);
  const client = await serverClient();
  const logged = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
  try {
    const html = renderToString(
      <LatchkeyProvider client={client}>
        <SignIn config={{ enableShadowDOM: true }} />
      </LatchkeyProvider>,
    );
    // The shadow root exists only in the browser: the server sends no widget (the browser renders it there).
    expect(html).not.toContain('lk-Root');
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  } finally {
    for (const spy of logged) spy.mockRestore();
    client.destroy();
  }
});

/** A signed-in visitor's session and user as a server reads them (`authenticateSession` of @latchkey/server). */
const SERVER_SESSION = fakeSignedInSession('server-render');

type Kit = typeof import('@latchkey/ui-unstyled') | typeof import('@latchkey/ui-default');

/** Each widget's first screen, as a server renders it, and what must be in its HTML. */
const WIDGETS: {
  name: string;
  signedIn: boolean;
  preload: (kit: Kit) => Promise<unknown>;
  element: (kit: Kit) => ReactElement;
  expected: RegExp[];
}[] = [
  {
    name: 'SignIn',
    signedIn: false,
    preload: (kit) => kit.preloadSignIn({ products: ['emailMagicLinks', 'passwords'] }),
    element: (kit) => <kit.SignIn config={{ products: ['emailMagicLinks', 'passwords'] }} />,
    expected: [/data-scope="main"/, /<input[^>]*type="email"/],
  },
  {
    name: 'ResetPassword',
    signedIn: false,
    preload: (kit) => kit.preloadSignIn({ products: ['passwords'] }),
    element: (kit) => <kit.ResetPassword passwordResetToken="reset-token-test" />,
    expected: [/data-scope="reset-password"/, /<input[^>]*type="password"/],
  },
  {
    name: 'PasskeyRegistration (signed out)',
    signedIn: false,
    preload: (kit) => kit.preloadSignIn({ products: ['passkeys'] }),
    element: (kit) => <kit.PasskeyRegistration />,
    expected: [/data-scope="passkey-registration"/, /Cannot use PasskeyRegistration component without active user/],
  },
  {
    name: 'PasskeyRegistration (signed in on the server)',
    signedIn: true,
    // Its first screen is in the registration screens' chunk: preloaded, it renders instead of a Suspense fallback.
    preload: (kit) => kit.preloadPasskeyRegistration(),
    element: (kit) => <kit.PasskeyRegistration />,
    expected: [
      /data-scope="passkey-registration-start"/,
      /<h2[^>]*data-part="title"[^>]*>Set up a new Passkey<\/h2>/,
      /<button[^>]*data-part="create"[^>]*>Create a Passkey/,
    ],
  },
  {
    name: 'TotpEnrollment (signed out)',
    signedIn: false,
    // Its no-user text is in the error catalogue, a chunk of its own: loaded first, it is in the HTML.
    preload: async () => (await import('@latchkey/ui-unstyled')).loadErrorMessages(),
    element: (kit) => <kit.TotpEnrollment />,
    expected: [/data-scope="totp-enrollment"/, /Cannot use TotpEnrollment component without active user/],
  },
  {
    name: 'TotpEnrollment (signed in on the server)',
    signedIn: true,
    preload: async () => {},
    element: (kit) => <kit.TotpEnrollment />,
    expected: [/data-scope="totp-enrollment"/, /<button[^>]*data-part="start"/],
  },
  {
    name: 'IdentityProvider',
    signedIn: false,
    preload: (kit) => kit.preloadIdentityProvider(),
    element: (kit) => <kit.IdentityProvider search="?client_id=client-test&response_type=code" />,
    expected: [/data-scope="identity-provider"/, /data-flow="authorize"/],
  },
];

test.each(
  (['ui-unstyled', 'ui-default'] as const).flatMap((kit) =>
    WIDGETS.map((widget) => [kit, widget.name, widget] as const),
  ),
)(
  "%s's <%s> renders its first screen to a string with the server's client",
  { timeout: 120_000 },
  async (kitName, _name, widget) => {
    const [{ renderToString }, { LatchkeyProvider }, { createClient }, kit] = await Promise.all([
      import('react-dom/server'),
      import('@latchkey/hooks'),
      import('@latchkey/sdk'),
      kitName === 'ui-unstyled' ? import('@latchkey/ui-unstyled') : import('@latchkey/ui-default'),
    ]);
    await widget.preload(kit);
    const fetch = vi.spyOn(globalThis, 'fetch');
    const timer = vi.spyOn(globalThis, 'setTimeout');
    const logged = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
    try {
      const client = createClient('public-token-test-server-render', {
        initialSession: widget.signedIn ? SERVER_SESSION : null,
      });
      const html = renderToString(<LatchkeyProvider client={client}>{widget.element(kit)}</LatchkeyProvider>);
      for (const pattern of widget.expected) expect(html).toMatch(pattern);
      // The first screen itself, not a fallback for the browser to fill in.
      expect(html).not.toContain('<!--$!-->');
      expect(html).not.toContain('<template');
      for (const spy of logged) expect(spy).not.toHaveBeenCalled();
      expect(fetch).not.toHaveBeenCalled();
      expect(timer).not.toHaveBeenCalled();
    } finally {
      for (const spy of [...logged, fetch, timer]) spy.mockRestore();
    }
  },
);
