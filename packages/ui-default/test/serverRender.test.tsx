// @vitest-environment node
// Server rendering, on the React of the project (ui-default: 19, ui-default-react18: 18): every package imports
// where there is no window or document, and both kits' <SignIn> render to a string inside <LatchkeyProvider>.
// The client is the SDK's own, created with an injected environment (createClient throws on the server only
// when nothing is injected): its fetch never answers, so rendering sends nothing and the widget shows what it
// shows before the project settings arrive, as the page's client does on its first render.
import type { SignInConfig } from '@latchkey/hooks';
import { expect, test, vi } from 'vitest';

/** The server-side client: the browser's client on the page, this one for the render (packages/sdk README). */
async function serverClient() {
  const { createClient } = await import('@latchkey/sdk');
  return createClient('public-token-test-server-render', {
    apiBaseUrl: 'http://127.0.0.1:8787',
    environment: { fetch: () => new Promise<Response>(() => {}) },
  });
}

test('every package imports with no window or document', async () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
  const packages = await Promise.all([
    import('@latchkey/sdk'),
    import('@latchkey/hooks'),
    import('@latchkey/ui-unstyled'),
    import('@latchkey/ui-default'),
  ]);
  for (const exports of packages) expect(Object.keys(exports).length).toBeGreaterThan(0);
  // createClient without an environment refuses the server by design.
  const { createClient, ServerEnvironmentError } = packages[0];
  expect(() => createClient('public-token-test-server-render')).toThrow(ServerEnvironmentError);
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
