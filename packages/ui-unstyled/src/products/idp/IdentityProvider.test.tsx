// <IdentityProvider> against the real provider in-process: the consent screen (titles, headings, items that expand
// by keyboard, the ungrantable box, Allow, Deny, a client without consent, the errors), the logout confirmation, the
// custom consent manifest and its fallback, the 'render_idp_screen' log, and axe on every view.
import { isLogoutRequest, type LatchkeyEvent, type LatchkeyFlowError, LatchkeyProvider } from '@latchkey/hooks';
import {
  ASYNC_TIMEOUT,
  expectNoAxeViolations,
  startTestEnvironment,
  type TestEnvironment,
  type TestEnvironmentSetup,
} from '@latchkey/testing';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pageMain, sentTelemetry } from '../../../test/renderSignIn';
import { SignIn } from '../../SignIn';
import IDPConsentLoadingExample from './IDPConsent/examples/loading';
import IDPConsentSubmittingExample from './IDPConsent/examples/submitting';
import IDPLogoutLoadingExample from './IDPLogout/examples/loading';
import { IdentityProvider, type IdentityProviderProps, preloadIdentityProvider } from './IdentityProvider';

const waitLong = { timeout: ASYNC_TIMEOUT };

// The screens' chunk is transformed once here, not inside the first test's wait for the screen.
beforeAll(() => preloadIdentityProvider());
const EMAIL = 'ada@example.com';
const CALLBACK = 'http://localhost:5174/callback';
const SIGNED_OUT = 'http://localhost:5174/signed-out';
/** RFC 7636 Appendix B's S256 challenge (public clients must send one). */
const CODE_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const CODE_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';

/**
 * `notes` asks for consent and may request two policy scopes and one scope the policy does not describe;
 * `dashboard` is first-party (no consent). The `editor` role may read notes but not delete them.
 */
const IDP_CONFIG = {
  project: {
    idp: {
      clients: [
        {
          clientId: 'notes',
          name: 'Notes',
          logoUrl: 'https://notes.example.com/logo.png',
          policyUri: 'https://notes.example.com/privacy',
          tosUri: 'https://notes.example.com/terms',
          type: 'public',
          redirectUris: [CALLBACK],
          postLogoutRedirectUris: [SIGNED_OUT],
          scopes: [
            'openid',
            'email',
            'profile',
            'phone',
            'offline_access',
            'read:notes',
            'delete:notes',
            'sync:calendar',
          ],
          consentRequired: true,
        },
        {
          clientId: 'dashboard',
          name: 'Dashboard',
          type: 'public',
          redirectUris: [CALLBACK],
          postLogoutRedirectUris: [SIGNED_OUT],
          scopes: ['openid', 'email', 'profile'],
          consentRequired: false,
        },
        {
          // A name is shown as text: markup in it stays characters.
          clientId: 'markup',
          name: '<img src=x onerror=alert(1)>Markup',
          type: 'public',
          redirectUris: [CALLBACK],
          scopes: ['openid'],
          consentRequired: true,
        },
      ],
    },
    rbacPolicy: {
      roles: [{ role_id: 'editor', permissions: [{ resource_id: 'notes', actions: ['read', 'write'] }] }],
      resources: [{ resource_id: 'notes', actions: ['read', 'write', 'delete'] }],
      scopes: [
        {
          scope: 'read:notes',
          description: 'Read your notes',
          permissions: [{ resource_id: 'notes', actions: ['read'] }],
        },
        {
          scope: 'delete:notes',
          description: 'Delete your notes',
          permissions: [{ resource_id: 'notes', actions: ['delete'] }],
        },
      ],
    },
  },
} satisfies NonNullable<TestEnvironmentSetup['config']>;

/** The authorize query string of the `notes` client, with `overrides` (null drops one). */
function authorizeSearch(overrides: Record<string, string | null> = {}): string {
  const values: Record<string, string | null> = {
    client_id: 'notes',
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: CODE_CHALLENGE,
    code_challenge_method: 'S256',
    state: 'state-123',
    ...overrides,
  };
  return `?${new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== null))}`;
}

const logoutSearch = (overrides: Record<string, string> = {}) =>
  `?${new URLSearchParams({ client_id: 'notes', post_logout_redirect_uri: SIGNED_OUT, state: 'bye-789', ...overrides })}`;

/** Signs `email` (default `EMAIL`) in by an emailed passcode; answers the user id. */
async function signIn(env: TestEnvironment, email = EMAIL): Promise<string> {
  const { method_id } = await env.client.otps.email.loginOrCreate(email, { expiration_minutes: 5 });
  const answer = await env.client.otps.authenticate(await env.lastCode(email), method_id, {
    session_duration_minutes: 30,
  });
  return answer.user_id;
}

/** Gives the user the `editor` role (the provider has no route for roles: the users table, as the hooks' tests do). */
async function makeEditor(env: TestEnvironment, userId: string): Promise<void> {
  await env.provider.database.db
    .updateTable('users')
    .set({ roles: JSON.stringify(['editor']) })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * An ID token of `notes` for the signed-in user, as the application holds it after signing in: a code for `openid`
 * (consent granted), redeemed at the token endpoint with RFC 7636 Appendix B's verifier.
 */
async function idTokenFor(env: TestEnvironment): Promise<string> {
  const answer = await env.client.idp.oauthAuthorizeSubmit({
    client_id: 'notes',
    redirect_uri: CALLBACK,
    response_type: 'code',
    scopes: ['openid'],
    code_challenge: CODE_CHALLENGE,
    consent_granted: true,
  });
  const code = answer.redirect_uri === undefined ? null : new URL(answer.redirect_uri).searchParams.get('code');
  const response = await env.provider.fetch(
    new Request(`${env.provider.config.publicUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code ?? '',
        redirect_uri: CALLBACK,
        client_id: 'notes',
        code_verifier: CODE_VERIFIER,
      }),
    }),
    { remoteAddress: '127.0.0.1' },
  );
  const body = (await response.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`No ID token from the token endpoint: ${JSON.stringify(body)}`);
  return body.id_token;
}

interface Setup extends Omit<IdentityProviderProps, 'navigate' | 'callbacks'> {
  /** Sign a user in first (default true). */
  signedIn?: boolean;
  editor?: boolean;
  strict?: boolean;
  /** Runs after the sign-in, before the render; what it answers is merged into the props. */
  prepare?: (env: TestEnvironment) => Promise<Partial<IdentityProviderProps> | undefined>;
  /** Changes the provider's JSON answers (see `startTestEnvironment`). */
  rewriteAnswer?: (path: string, data: Record<string, unknown>) => void;
}

/** A provider with the clients above, optionally a signed-in user, and `<IdentityProvider>` on `search`. */
async function renderIdentityProvider({
  signedIn = true,
  editor = false,
  strict = false,
  prepare,
  rewriteAnswer,
  ...given
}: Setup = {}) {
  const env = await startTestEnvironment({ config: IDP_CONFIG, ...(rewriteAnswer ? { rewriteAnswer } : {}) });
  if (signedIn) {
    const userId = await signIn(env);
    if (editor) await makeEditor(env, userId);
  }
  const props = { ...given, ...(await prepare?.(env)) };
  const navigate = vi.fn<(url: string) => void>();
  const onEvent = vi.fn<(event: LatchkeyEvent) => void>();
  const onError = vi.fn<(error: LatchkeyFlowError) => void>();
  const tree = (
    <LatchkeyProvider client={env.client}>
      <IdentityProvider navigate={navigate} callbacks={{ onEvent, onError }} {...props} />
    </LatchkeyProvider>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree, { container: pageMain() });
  return { env, navigate, onEvent, onError, user: userEvent.setup(), tree, ...result };
}

const projectNameOf = (env: TestEnvironment) => env.client.bootstrap.getSync().projectName;
const eventTypes = (onEvent: { mock: { calls: [LatchkeyEvent][] } }) => onEvent.mock.calls.map(([event]) => event.type);
const consentRoot = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('[data-scope="idp-consent"][data-part="root"]');

describe('IdentityProvider: the consent screen', () => {
  it("standard scopes: 'Sign in to {clientName} with {projectName}', '{clientName} is requesting to:', the spec's items", async () => {
    const { env, container } = await renderIdentityProvider({ search: authorizeSearch() });
    // The spinner (role status) shows first: the chunk's fallback, then the screen's own while the preflight runs.
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    const title = await screen.findByRole('heading', { name: `Sign in to Notes with ${projectNameOf(env)}` }, waitLong);
    expect(title.getAttribute('data-part')).toBe('title');
    expect(container.querySelector('[data-scope="identity-provider"]')?.getAttribute('data-flow')).toBe('authorize');
    expect(consentRoot(container)?.getAttribute('data-view')).toBe('consent');
    const list = screen.getByRole('list', { name: 'Notes is requesting to:' });
    // One line per scope, in the requested order: email is not folded into profile.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Verify your identity', 'View your email address', 'View your personal profile information']);
    expect(screen.queryByText(/You do not have permissions/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Allow' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deny' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it("custom scopes: '{clientName} wants to access your {projectName} account', 'Allow {clientName} to:', policy texts", async () => {
    const { env } = await renderIdentityProvider({
      search: authorizeSearch({ scope: 'openid read:notes sync:calendar' }),
      editor: true,
    });
    await screen.findByRole('heading', { name: `Notes wants to access your ${projectNameOf(env)} account` }, waitLong);
    const list = screen.getByRole('list', { name: 'Allow Notes to:' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Verify your identity', 'Read your notes', 'Use the sync:calendar scope']);
    // Only items with details expand.
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByText(/You do not have permissions/)).toBeNull();
  });

  it('items expand and collapse from the keyboard (Enter and Space) to show their details', async () => {
    const { user } = await renderIdentityProvider({
      search: authorizeSearch({ scope: 'openid email offline_access' }),
    });
    const identity = await screen.findByRole('button', { name: 'Verify your identity' }, waitLong);
    expect(identity.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('View information stored within your account')).toBeNull();

    // 'Not you?' (who is signed in) comes first, then the items.
    await user.tab();
    expect(document.activeElement?.getAttribute('data-part')).toBe('not-you');
    await user.tab();
    expect(document.activeElement).toBe(identity);
    await user.keyboard('{Enter}');
    expect(identity.getAttribute('aria-expanded')).toBe('true');
    const details = screen.getByText('View information stored within your account');
    expect(identity.getAttribute('aria-controls')).toBe(details.closest('ul')?.id);
    expect(identity.closest('li')?.getAttribute('data-state')).toBe('open');
    await expectNoAxeViolations();
    await user.keyboard(' ');
    expect(identity.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('View information stored within your account')).toBeNull();

    // email is a line of its own with nothing to expand (not folded into 'profile'); offline_access its two details.
    expect(screen.getByText('View your email address').closest('button')).toBeNull();
    expect(screen.queryByText('View your phone number')).toBeNull();
    expect(screen.queryByText('Your name, profile picture, and language preferences')).toBeNull();
    await user.tab();
    expect(document.activeElement?.textContent).toBe(
      "Maintain access to your data even when you're not actively using the app",
    );
    await user.keyboard('{Enter}');
    const offline = document.activeElement?.closest('li');
    expect(offline?.querySelectorAll('[data-part="item-detail"]')).toHaveLength(2);
  });

  it("lists the scopes the user cannot grant in a collapsible box: 'You cannot grant {clientName}'s request to:'", async () => {
    const { user, navigate, env } = await renderIdentityProvider({
      search: authorizeSearch({ scope: 'openid read:notes delete:notes' }),
      editor: true,
    });
    const trigger = await screen.findByRole(
      'button',
      { name: 'You do not have permissions to grant Notes access to some of the requested scopes.' },
      waitLong,
    );
    expect(within(screen.getByRole('list', { name: 'Allow Notes to:' })).queryByText('Delete your notes')).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText("You cannot grant Notes's request to:")).toBeNull();
    trigger.focus();
    await user.keyboard('{Enter}');
    const ungrantable = screen.getByRole('list', { name: "You cannot grant Notes's request to:" });
    expect(
      within(ungrantable)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Delete your notes']);
    await expectNoAxeViolations();

    // Allowing grants the grantable scopes only.
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1), waitLong);
    const apps = await env.client.user.getConnectedApps();
    expect(apps.connected_apps[0]?.scopes_granted.split(' ').sort()).toEqual(['openid', 'read:notes']);
  });

  it("'Allow' sends the browser back with a code and the state, then shows the success view", async () => {
    const { user, navigate, onEvent, container } = await renderIdentityProvider({ search: authorizeSearch() });
    await user.click(await screen.findByRole('button', { name: 'Allow' }, waitLong));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1), waitLong);
    const target = new URL(navigate.mock.calls[0]?.[0] ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(CALLBACK);
    expect(target.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
    expect(target.searchParams.get('state')).toBe('state-123');
    const success = await screen.findByRole('heading', { name: 'Success!' }, waitLong);
    expect(screen.getByText('You are being redirected to Notes.')).toBeTruthy();
    expect(consentRoot(container)?.getAttribute('data-view')).toBe('success');
    // The pressed button is gone: focus moves to the new view's heading.
    // The focus moves in an effect, after the view is in the page.
    await waitFor(() => expect(document.activeElement).toBe(success), waitLong);
    // The browser leaves for the client: no flow-complete event (the identity-provider spec, authorize flow, steps 5 and 6).
    expect(eventTypes(onEvent)).toEqual(['OAUTH_AUTHORIZE_FLOW_START']);
    await expectNoAxeViolations();
  });

  it("'Deny' returns access_denied and shows 'Access to the application was denied.'", async () => {
    const { user, navigate, onEvent, env } = await renderIdentityProvider({ search: authorizeSearch() });
    await user.click(await screen.findByRole('button', { name: 'Deny' }, waitLong));
    const denied = await screen.findByRole('alert', {}, waitLong);
    expect(denied.textContent).toBe('Access to the application was denied.');
    await waitFor(() => expect(document.activeElement).toBe(denied), waitLong);
    const target = new URL(navigate.mock.calls[0]?.[0] ?? '');
    expect(target.searchParams.get('error')).toBe('access_denied');
    expect(target.searchParams.get('code')).toBeNull();
    expect(eventTypes(onEvent)).not.toContain('OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED');
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    expect((await env.client.user.getConnectedApps()).connected_apps).toEqual([]);
    await expectNoAxeViolations();
  });

  it('a client without consent goes straight back with a code, the consent form never shown', async () => {
    const onAllowShown = vi.fn();
    const observer = new MutationObserver(() => {
      if (screen.queryByRole('button', { name: 'Allow' })) onAllowShown();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const { navigate } = await renderIdentityProvider({ search: authorizeSearch({ client_id: 'dashboard' }) });
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1), waitLong);
    observer.disconnect();
    expect(new URL(navigate.mock.calls[0]?.[0] ?? '').searchParams.get('code')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Success!' }, waitLong)).toBeTruthy();
    expect(onAllowShown).not.toHaveBeenCalled();
  });

  it('a missing parameter shows the error screen with the spec text', async () => {
    const { onError, navigate } = await renderIdentityProvider({
      search: authorizeSearch({ redirect_uri: null }),
    });
    expect(await screen.findByRole('heading', { name: 'Looks like there was an error!' }, waitLong)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Required parameter is missing: redirect_uri. Please reach out to the application developer.',
    );
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'missing_parameter' }));
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('the missing-parameter text is overridable through strings', async () => {
    await renderIdentityProvider({
      search: authorizeSearch({ client_id: null }),
      signedIn: false,
      strings: { 'idpError.missingParameter': 'Missing: {param}.' },
    });
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toBe('Missing: client_id.');
  });

  it("with nobody signed in (and no signIn form): 'Sign in to continue to Notes' and 'No active session detected. Please log in to continue.'", async () => {
    const { onError, container } = await renderIdentityProvider({ search: authorizeSearch(), signedIn: false });
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toBe(
      'No active session detected. Please log in to continue.',
    );
    // The provider verified the client before asking for a session: the sign-in step names the application.
    expect(screen.getByRole('heading', { name: 'Sign in to continue to Notes' }).getAttribute('data-part')).toBe(
      'sign-in-title',
    );
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'no_active_session' }));
    expect(consentRoot(container)?.getAttribute('data-view')).toBe('sign_in');
    await expectNoAxeViolations();
  });

  it('an unknown client or redirect URI shows a plain error, not the developer text, and never leaves', async () => {
    const PLAIN =
      'This sign-in link is not valid, so you cannot continue to the application. Please reach out to the application developer.';
    const { onError, navigate } = await renderIdentityProvider({
      search: authorizeSearch({ client_id: 'unknown-app' }),
    });
    const alert = await screen.findByRole('alert', {}, waitLong);
    await waitFor(() => expect(onError).toHaveBeenCalled(), waitLong);
    expect(onError.mock.calls[0]?.[0]?.type).toBe('oauth_client_not_found');
    expect(alert.textContent).toBe(PLAIN);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a redirect URI the client did not register: the plain error, signed out too, no sign-in asked', async () => {
    const { navigate } = await renderIdentityProvider({
      search: authorizeSearch({ redirect_uri: 'https://evil.example/cb' }),
      signedIn: false,
    });
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toMatch(/^This sign-in link is not valid/);
    expect(screen.queryByRole('heading', { name: /Sign in to continue/ })).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("shows the application's logo and domain, who is signed in, and its privacy policy and terms", async () => {
    await renderIdentityProvider({ search: authorizeSearch({ scope: 'openid email phone' }) });
    await screen.findByRole('button', { name: 'Allow' }, waitLong);
    const logo = screen.getByRole('img', { name: 'Notes' });
    expect(logo.getAttribute('src')).toBe('https://notes.example.com/logo.png');
    expect(logo.getAttribute('data-part')).toBe('client-logo');
    expect(document.querySelector('[data-part="client-domain"]')?.textContent).toBe('localhost:5174');
    expect(document.querySelector('[data-part="account"]')?.textContent).toBe('Signed in as ada@example.com Not you?');
    expect(screen.getByRole('link', { name: "Notes's privacy policy" }).getAttribute('href')).toBe(
      'https://notes.example.com/privacy',
    );
    expect(screen.getByRole('link', { name: "Notes's terms of service" }).getAttribute('href')).toBe(
      'https://notes.example.com/terms',
    );
    const list = screen.getByRole('list', { name: 'Notes is requesting to:' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Verify your identity', 'View your email address', 'View your phone number']);
    await expectNoAxeViolations();
  });

  it('shows no logo, privacy or terms link whose URL is not http(s), whatever the provider answers', async () => {
    // A provider that answers what the reference one never would: it refuses such URLs in a client's configuration.
    await renderIdentityProvider({
      search: authorizeSearch(),
      rewriteAnswer: (path, data) => {
        if (path !== '/idp/oauth/authorize/start' || typeof data.client !== 'object' || data.client === null) return;
        Object.assign(data.client, {
          client_logo_url: 'javascript:alert(document.domain)',
          client_policy_uri: 'javascript:alert(document.domain)',
          client_tos_uri: 'data:text/html,<script>alert(document.domain)</script>',
        });
      },
    });
    await screen.findByRole('button', { name: 'Allow' }, waitLong);
    expect(screen.queryByRole('link', { name: "Notes's privacy policy" })).toBeNull();
    expect(screen.queryByRole('link', { name: "Notes's terms of service" })).toBeNull();
    expect(document.querySelector('[data-part="client-logo"]')).toBeNull();
    for (const element of document.querySelectorAll('[href], [src]')) {
      expect(element.getAttribute('href') ?? element.getAttribute('src')).not.toMatch(/^(javascript|data):/);
    }
  });

  it("'Not you?' signs out and returns to the sign-in, which names the application", async () => {
    const { env, user, container, navigate } = await renderIdentityProvider({ search: authorizeSearch() });
    await user.click(await screen.findByRole('button', { name: 'Not you?' }, waitLong));
    expect(await screen.findByRole('heading', { name: 'Sign in to continue to Notes' }, waitLong)).toBeTruthy();
    expect(consentRoot(container)?.getAttribute('data-view')).toBe('sign_in');
    expect(env.client.session.getSync()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(env.requests.filter((request) => request.path === '/idp/oauth/authorize/submit')).toEqual([]);
  });

  it('renders names as text, never as HTML', async () => {
    await renderIdentityProvider({ search: authorizeSearch({ client_id: 'markup', scope: 'openid' }) });
    const title = await screen.findByRole(
      'heading',
      { name: /^Sign in to <img src=x onerror=alert\(1\)>Markup/ },
      waitLong,
    );
    expect(title.querySelector('img')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });

  it('shows the project logo at most 50 px high and 100 px wide, named by the project', async () => {
    const { env } = await renderIdentityProvider({
      search: authorizeSearch(),
      logoImageUrl: 'https://cdn.example.com/logo.png',
    });
    const logo = await screen.findByRole('img', { name: projectNameOf(env) ?? '' }, waitLong);
    expect(logo.getAttribute('src')).toBe('https://cdn.example.com/logo.png');
    expect(logo.getAttribute('data-part')).toBe('logo');
    expect(logo.style.maxHeight).toBe('50px');
    expect(logo.style.maxWidth).toBe('100px');
  });

  it('takes its texts from strings', async () => {
    await renderIdentityProvider({
      search: authorizeSearch(),
      strings: { 'idpConsent.allow': 'Connect', 'idpConsent.title': 'Continue to {clientName}' },
    });
    expect(await screen.findByRole('heading', { name: 'Continue to Notes' }, waitLong)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeTruthy();
  });
});

describe('IdentityProvider: a custom consent manifest', () => {
  it('replaces the default items; the generator gets the grantable scopes and the client name', async () => {
    const getManifest = vi.fn(() => [
      { header: 'Notes will be able to:', items: [{ text: 'See who you are', details: ['Your user id'] }] },
    ]);
    const { user, container } = await renderIdentityProvider({ search: authorizeSearch(), getManifest });
    const list = await screen.findByRole('list', { name: 'Notes will be able to:' }, waitLong);
    expect(screen.queryByRole('list', { name: 'Notes is requesting to:' })).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'See who you are' }));
    expect(screen.getByText('Your user id')).toBeTruthy();
    expect(container.querySelector('[data-part="manifest"]')?.hasAttribute('data-custom-manifest')).toBe(true);
    expect(getManifest).toHaveBeenCalledWith(
      expect.objectContaining({
        clientName: 'Notes',
        scopes: ['openid', 'email', 'profile'].map((scope) => expect.objectContaining({ scope, is_grantable: true })),
      }),
    );
  });

  it('falls back to the default manifest when the generator throws', async () => {
    const getManifest = vi.fn(() => {
      throw new Error('manifest service down');
    });
    const { container } = await renderIdentityProvider({ search: authorizeSearch(), getManifest });
    const list = await screen.findByRole('list', { name: 'Notes is requesting to:' }, waitLong);
    expect(within(list).getByRole('button', { name: 'Verify your identity' })).toBeTruthy();
    expect(getManifest).toHaveBeenCalled();
    expect(container.querySelector('[data-part="manifest"]')?.hasAttribute('data-custom-manifest')).toBe(false);
  });
});

describe('IdentityProvider: the logout confirmation', () => {
  it("'Log out?' then 'Yes' revokes the session and returns to the client with its state", async () => {
    const { env, user, navigate, onEvent, container } = await renderIdentityProvider({ search: logoutSearch() });
    expect(await screen.findByRole('heading', { name: 'Log out?' }, waitLong)).toBeTruthy();
    expect(container.querySelector('[data-scope="identity-provider"]')?.getAttribute('data-flow')).toBe('logout');
    expect(
      screen
        .getByText(`Are you sure you want to log out of your ${projectNameOf(env)} account?`)
        .getAttribute('data-part'),
    ).toBe('description');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1), waitLong);
    const target = new URL(navigate.mock.calls[0]?.[0] ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(SIGNED_OUT);
    expect(target.searchParams.get('state')).toBe('bye-789');
    expect(env.client.session.getSync()).toBeNull();
    expect(env.requests.some((request) => request.path === '/sessions/revoke')).toBe(true);
    expect(eventTypes(onEvent)).toEqual(['OAUTH_LOGOUT_FLOW_START', 'OAUTH_LOGOUT_FLOW_COMPLETE']);
  });

  it("'No' keeps the session: 'You have not been logged out. You may close this page.'", async () => {
    const { env, user, navigate, onEvent } = await renderIdentityProvider({ search: logoutSearch() });
    await user.click(await screen.findByRole('button', { name: 'No' }, waitLong));
    const declined = await screen.findByRole('alert', {}, waitLong);
    expect(declined.textContent).toBe('You have not been logged out. You may close this page.');
    await waitFor(() => expect(document.activeElement).toBe(declined), waitLong);
    // A way back: the application's site (the verified post-logout URI's origin), not its logged-out page.
    expect(screen.getByRole('link', { name: 'Return to localhost:5174' }).getAttribute('href')).toBe(
      'http://localhost:5174/',
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(env.client.session.getSync()).not.toBeNull();
    expect(eventTypes(onEvent)).toContain('OAUTH_LOGOUT_FLOW_DENIED');
    await expectNoAxeViolations();
  });

  it('a missing post-logout parameter is the authorize flow; a missing client_id is a logout error', async () => {
    await renderIdentityProvider({ search: `?post_logout_redirect_uri=${encodeURIComponent(SIGNED_OUT)}` });
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toBe(
      'Required parameter is missing: client_id. Please reach out to the application developer.',
    );
    expect(document.querySelector('[data-scope="idp-logout"]')).not.toBeNull();
  });
});

describe('IdentityProvider: the front door (sign-in first, errors for the client, a fresh sign-in)', () => {
  const EMAIL_OTP = { products: ['otp' as const], otpOptions: { methods: ['email' as const] } };
  const signInForm = <SignIn config={EMAIL_OTP} />;
  const signInView = (container: HTMLElement) =>
    container.querySelector<HTMLElement>('[data-scope="idp-consent"][data-part="sign-in"]');

  /** Presses Tab until `target` has the focus (at most 10 times). */
  async function tabTo(user: ReturnType<typeof userEvent.setup>, target: () => HTMLElement) {
    for (let presses = 0; presses < 10 && document.activeElement !== target(); presses++) await user.tab();
    expect(document.activeElement).toBe(target());
  }

  it("signed out: asks the provider first, then 'No active session…' with the page's sign-in; a keyboard sign-in leads to the consent screen", async () => {
    const { env, user, container, onError, navigate } = await renderIdentityProvider({
      search: authorizeSearch(),
      signedIn: false,
      signIn: signInForm,
    });
    const alert = await screen.findByRole('alert', {}, waitLong);
    expect(alert.textContent).toBe('No active session detected. Please log in to continue.');
    expect(alert.getAttribute('data-part')).toBe('sign-in-message');
    expect(consentRoot(container)?.getAttribute('data-view')).toBe('sign_in');
    expect(
      env.requests.filter((request) => request.path === '/idp/oauth/authorize/start').map((r) => r.status),
    ).toEqual([401]);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'no_active_session' }));
    const view = signInView(container);
    const email = await within(view as HTMLElement).findByRole('textbox', { name: 'Email' }, waitLong);
    await expectNoAxeViolations();

    // Keyboard only: Tab to the email field, type, Enter; Tab to the first digit, type the passcode.
    await tabTo(user, () => email);
    await user.keyboard('ada@example.com{Enter}');
    await screen.findByRole('heading', { name: 'Enter passcode' }, waitLong);
    await tabTo(user, () => screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard(await env.lastCode(EMAIL));
    await screen.findByRole('heading', { name: `Sign in to Notes with ${projectNameOf(env)}` }, waitLong);
    expect(signInView(container)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('an error for the client goes straight back to its redirect URI: no alert, no sign-in form', async () => {
    const { container, navigate, onError } = await renderIdentityProvider({
      search: authorizeSearch({ scope: 'openid calendar' }),
      signedIn: false,
      signIn: signInForm,
    });
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1), waitLong);
    const target = new URL(navigate.mock.calls[0]?.[0] ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(CALLBACK);
    expect(target.searchParams.get('error')).toBe('invalid_scope');
    expect(target.searchParams.get('state')).toBe('state-123');
    // While the browser leaves: the spinner.
    expect(consentRoot(container)?.getAttribute('data-view')).toBe('loading');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(signInView(container)).toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });

  it('an unknown client shows the error screen, signed out too (never a redirect)', async () => {
    const { navigate } = await renderIdentityProvider({
      search: authorizeSearch({ client_id: 'unknown-app' }),
      signedIn: false,
      signIn: signInForm,
    });
    expect(await screen.findByRole('heading', { name: 'Looks like there was an error!' }, waitLong)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('prompt=login: the session ends, the reason is announced with the sign-in, and the new sign-in gets the code', async () => {
    const { env, container, navigate } = await renderIdentityProvider({
      search: authorizeSearch({ client_id: 'dashboard', prompt: 'login' }),
      signIn: signInForm,
    });
    const alert = await screen.findByRole('alert', {}, waitLong);
    // The answer names the client that asks.
    expect(alert.textContent).toBe('Dashboard asks you to sign in again. Please sign in to continue.');
    expect(screen.getByRole('heading', { name: 'Sign in to continue to Dashboard' })).toBeTruthy();
    expect(consentRoot(container)?.getAttribute('data-status')).toBe('reauthenticate');
    await waitFor(() => expect(env.client.session.getSync()).toBeNull(), waitLong);
    await within(signInView(container) as HTMLElement).findByRole('textbox', { name: 'Email' }, waitLong);
    await expectNoAxeViolations();
    expect(navigate).not.toHaveBeenCalled();

    await act(() => signIn(env));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1), waitLong);
    expect(new URL(navigate.mock.calls[0]?.[0] ?? '').searchParams.get('code')).toBeTruthy();
  });

  it('max_age and id_token_hint have their own sentence, overridable through strings', async () => {
    const strings = {
      'idpReauthenticate.max_age': 'Sign in again for {clientName}, please.',
      'idpReauthenticate.id_token_hint': 'Another account for {clientName}, please.',
    };
    // Signed in two minutes ago; the client accepts one.
    const old = await renderIdentityProvider({
      search: authorizeSearch({ client_id: 'dashboard', max_age: '60' }),
      strings,
      prepare: async (env) => {
        env.clock.advance(120_000);
        return undefined;
      },
    });
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toBe('Sign in again for Dashboard, please.');
    await waitFor(() => expect(old.env.client.session.getSync()).toBeNull(), waitLong);
    old.unmount();

    // The default texts, and an ID token of another user.
    const other = await renderIdentityProvider({
      prepare: async (env) => {
        const hint = await idTokenFor(env);
        await signIn(env, 'grace@example.com');
        return { search: authorizeSearch({ id_token_hint: hint, scope: 'openid' }) };
      },
    });
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toBe(
      'Notes asked for a different account than the one that was signed in. Please sign in with that account to continue.',
    );
    await waitFor(() => expect(other.env.client.session.getSync()).toBeNull(), waitLong);
    expect(other.navigate).not.toHaveBeenCalled();
  });
});

describe('IdentityProvider: logout without a post-logout URI, and flow="logout"', () => {
  it("'Yes' without post_logout_redirect_uri: 'You have been logged out. You may close this page.' takes the focus", async () => {
    const { env, user, navigate, container } = await renderIdentityProvider({
      search: `?${new URLSearchParams({ client_id: 'notes', state: 'bye-789' })}`,
      flow: 'logout',
    });
    await user.click(await screen.findByRole('button', { name: 'Yes' }, waitLong));
    const loggedOut = await screen.findByRole('alert', {}, waitLong);
    expect(loggedOut.textContent).toBe('You have been logged out. You may close this page.');
    expect(container.querySelector('[data-scope="idp-logout"][data-part="root"]')?.getAttribute('data-view')).toBe(
      'logged_out',
    );
    await waitFor(() => expect(document.activeElement).toBe(loggedOut), waitLong);
    expect(env.client.session.getSync()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    await expectNoAxeViolations();
  });

  it('flow="logout" runs the logout flow on a query with only id_token_hint (the query alone reads as authorize)', async () => {
    let hintOnly = '';
    const { env, container, navigate } = await renderIdentityProvider({
      flow: 'logout',
      prepare: async (env) => {
        hintOnly = `?${new URLSearchParams({ id_token_hint: await idTokenFor(env) })}`;
        return { search: hintOnly };
      },
    });
    // Read from the query alone, this request is an authorize one.
    expect(isLogoutRequest(hintOnly)).toBe(false);
    expect(container.querySelector('[data-scope="identity-provider"]')?.getAttribute('data-flow')).toBe('logout');
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toBe(
      'You have been logged out. You may close this page.',
    );
    expect(env.client.session.getSync()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('IdentityProvider: a malformed request and a framed page', () => {
  const PLAIN =
    'This sign-in link is not valid, so you cannot continue to the application. Please reach out to the application developer.';
  const FRAMED = 'This page cannot be shown inside another site. Open it in its own window.';
  const sentTo = (env: TestEnvironment, prefix: string) =>
    env.requests.filter((request) => request.path.startsWith(prefix)).map((request) => request.path);

  it('an authorize request that repeats a parameter shows the plain error, asks the provider nothing, never leaves', async () => {
    // RFC 6749 §3.1 and §4.1.2.1: `client_id`, `redirect_uri` and `state` twice is `invalid_request`.
    const search = `${authorizeSearch()}&client_id=dashboard&redirect_uri=${encodeURIComponent('https://evil.example/cb')}&state=s2`;
    const { env, onError, navigate, container } = await renderIdentityProvider({ search });
    expect(await screen.findByRole('heading', { name: 'Looks like there was an error!' }, waitLong)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(PLAIN);
    expect(consentRoot(container)?.getAttribute('data-view')).toBe('error');
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'duplicate_parameter' }));
    await env.settled();
    expect(sentTo(env, '/idp/oauth/authorize')).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
    await expectNoAxeViolations();
  });

  it('a logout request that repeats a parameter shows the plain error and keeps the session', async () => {
    const search = `${logoutSearch()}&post_logout_redirect_uri=${encodeURIComponent('https://evil.example/bye')}`;
    const { env, navigate } = await renderIdentityProvider({ search });
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toBe(PLAIN);
    expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
    await env.settled();
    expect(sentTo(env, '/oauth/logout')).toEqual([]);
    expect(env.client.session.getSync()).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("framed, the consent screen is not offered: the error screen, no 'Allow', nothing granted", async () => {
    const { env, onError, navigate, container } = await renderIdentityProvider({
      search: authorizeSearch(),
      isFramed: () => true,
    });
    expect(await screen.findByRole('heading', { name: 'Looks like there was an error!' }, waitLong)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(FRAMED);
    expect(consentRoot(container)?.getAttribute('data-view')).toBe('error');
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deny' })).toBeNull();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'framed_page' }));
    expect(sentTo(env, '/idp/oauth/authorize/submit')).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
    await expectNoAxeViolations();
  });

  it("framed, 'Log out?' is not offered: the error screen, no 'Yes', the session stays", async () => {
    const { env, navigate } = await renderIdentityProvider({ search: logoutSearch(), isFramed: () => true });
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toBe(FRAMED);
    expect(document.querySelector('[data-scope="idp-logout"]')?.getAttribute('data-view')).toBe('error');
    expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
    expect(env.client.session.getSync()).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['authorize', authorizeSearch(), 'Allow'],
    ['logout', logoutSearch(), 'Yes'],
  ])("unframed, the %s flow offers '%s'", async (_flow, search, button) => {
    const isFramed = vi.fn(() => false);
    await renderIdentityProvider({ search, isFramed });
    expect(await screen.findByRole('button', { name: button }, waitLong)).toBeTruthy();
    expect(isFramed).toHaveBeenCalled();
  });

  it('the framed text is overridable through strings', async () => {
    await renderIdentityProvider({
      search: authorizeSearch(),
      isFramed: () => true,
      strings: { 'idpError.framedPage': 'Ouvrez cette page dans sa propre fenêtre.' },
    });
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toBe(
      'Ouvrez cette page dans sa propre fenêtre.',
    );
  });
});

describe('IdentityProvider: busy states and the log', () => {
  it('the spinner and the sending state are announced (role status, aria-busy, disabled buttons)', async () => {
    for (const Example of [IDPConsentLoadingExample, IDPLogoutLoadingExample]) {
      const container = pageMain();
      const { unmount } = render(<Example />, { container });
      expect(within(container).getByRole('status', { name: 'Loading' })).toBeTruthy();
      expect(container.querySelector('[data-part="root"]')?.getAttribute('aria-busy')).toBe('true');
      await expectNoAxeViolations();
      unmount();
      container.remove();
    }
    const { container } = render(<IDPConsentSubmittingExample />, { container: pageMain() });
    const allow = within(container).getByRole('button', { name: /^Allow/ });
    const deny = within(container).getByRole('button', { name: 'Deny' });
    expect([allow.hasAttribute('disabled'), deny.hasAttribute('disabled')]).toEqual([true, true]);
    expect(allow.getAttribute('aria-busy')).toBe('true');
    expect(allow.hasAttribute('data-pending')).toBe(true);
    expect(deny.getAttribute('aria-busy')).toBeNull();
    await expectNoAxeViolations();
  });

  it("logs 'render_idp_screen' once per mount, with the bootstrap", async () => {
    const { env, rerender, tree } = await renderIdentityProvider({ search: authorizeSearch(), strict: true });
    await screen.findByRole('button', { name: 'Allow' }, waitLong);
    await act(async () => rerender(<StrictMode>{tree}</StrictMode>));
    const events = (await sentTelemetry(env)).filter((event) => event.event_name === 'render_idp_screen');
    expect(events).toHaveLength(1);
    expect(events[0]?.details).toEqual({ bootstrap: expect.objectContaining({ projectName: projectNameOf(env) }) });
  });
});
