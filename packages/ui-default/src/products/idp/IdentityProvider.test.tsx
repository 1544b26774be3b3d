// The themed identity-provider widget against the real provider in-process: the React component, the mount function
// and <latchkey-identity-provider> (light DOM and shadow DOM) render the consent screen; the element reads the
// page's own query string.
import { LatchkeyProvider } from '@latchkey/hooks';
import {
  ASYNC_TIMEOUT,
  expectNoAxeViolations,
  startTestEnvironment,
  type TestEnvironment,
  type TestEnvironmentSetup,
} from '@latchkey/testing';
import { preloadIdentityProvider } from '@latchkey/ui-unstyled';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineLatchkeyElements } from '../../customElements';
import { SignIn } from '../../SignIn';
import { stylesText } from '../../stylesText';
import { IdentityProvider } from './IdentityProvider';
import { identityProviderStylesText } from './identityProviderStylesText';
import { type LatchkeyIdentityProviderElement, mountIdentityProvider } from './mountPoints';

const waitLong = { timeout: ASYNC_TIMEOUT };
const EMAIL = 'ada@example.com';
const CALLBACK = 'http://localhost:5174/callback';
const SIGNED_OUT = 'http://localhost:5174/signed-out';

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
          scopes: ['openid', 'email', 'profile'],
          consentRequired: true,
        },
      ],
    },
  },
} satisfies NonNullable<TestEnvironmentSetup['config']>;

const AUTHORIZE_SEARCH = `?${new URLSearchParams({
  client_id: 'notes',
  redirect_uri: CALLBACK,
  scope: 'openid email profile',
  // RFC 7636 Appendix B's S256 challenge (public clients must send one).
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
  state: 'state-123',
})}`;

/** A provider with the `notes` client and a user signed in by an emailed passcode. */
async function signedInEnvironment(): Promise<TestEnvironment> {
  const env = await startTestEnvironment({ config: IDP_CONFIG });
  const { method_id } = await env.client.otps.email.loginOrCreate(EMAIL, { expiration_minutes: 5 });
  await env.client.otps.authenticate(await env.lastCode(EMAIL), method_id, { session_duration_minutes: 30 });
  return env;
}

const titleOf = (env: TestEnvironment) => `Sign in to Notes with ${env.client.bootstrap.getSync().projectName}`;

// The screens' chunk is transformed once here, not inside the first test's wait for the screen.
beforeAll(() => preloadIdentityProvider());

const unmounts: (() => void)[] = [];

afterEach(async () => {
  await act(async () => {
    for (const unmount of unmounts.splice(0)) unmount();
    // Removing the custom elements unmounts their widgets (in a microtask).
    document.body.replaceChildren();
    await Promise.resolve();
  });
});

function addElement(id: string): HTMLElement {
  const element = document.createElement('div');
  element.id = id;
  document.body.append(element);
  return element;
}

describe('IdentityProvider (themed)', () => {
  it('renders the consent screen inside .lk-Root, with the logo given in styles', async () => {
    const env = await signedInEnvironment();
    const main = document.body.appendChild(document.createElement('main'));
    const { container } = render(
      <LatchkeyProvider client={env.client}>
        <IdentityProvider
          search={AUTHORIZE_SEARCH}
          navigate={() => {}}
          styles={{ colors: { primary: '#0057B8' }, logo: { logoImageUrl: 'https://cdn.example.com/logo.png' } }}
        />
      </LatchkeyProvider>,
      { container: main },
    );
    expect(await screen.findByRole('heading', { name: titleOf(env) }, waitLong)).toBeTruthy();
    const root = container.querySelector<HTMLElement>('.lk-Root');
    expect(root?.querySelector('[data-scope="identity-provider"][data-part="root"]')).not.toBeNull();
    expect(root?.style.getPropertyValue('--lk-color-primary')).toBe('#0057B8');
    const logo = screen.getByRole('img', { name: env.client.bootstrap.getSync().projectName ?? '' });
    expect(logo.getAttribute('src')).toBe('https://cdn.example.com/logo.png');
    expect([logo.style.maxHeight, logo.style.maxWidth]).toEqual(['50px', '100px']);
    // The application: its logo, its domain, who is signed in ('Not you?'), its policies; one line per scope.
    expect(screen.getByRole('img', { name: 'Notes' }).getAttribute('src')).toBe('https://notes.example.com/logo.png');
    expect(root?.querySelector('[data-part="client-domain"]')?.textContent).toBe('localhost:5174');
    expect(screen.getByText('Signed in as ada@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Not you?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Notes's privacy policy" }).getAttribute('href')).toBe(
      'https://notes.example.com/privacy',
    );
    expect(screen.getByRole('link', { name: "Notes's terms of service" }).getAttribute('href')).toBe(
      'https://notes.example.com/terms',
    );
    expect(
      within(screen.getByRole('list', { name: 'Notes is requesting to:' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Verify your identity', 'View your email address', 'View your personal profile information']);
    await expectNoAxeViolations();
  });
});

describe('IdentityProvider (themed): config.enableShadowDOM', () => {
  it("renders the consent screen inside a shadow root, with the kit's and the consent screens' rules", async () => {
    const env = await signedInEnvironment();
    const main = document.body.appendChild(document.createElement('main'));
    const { container } = render(
      <LatchkeyProvider client={env.client}>
        <IdentityProvider search={AUTHORIZE_SEARCH} navigate={() => {}} config={{ enableShadowDOM: true }} />
      </LatchkeyProvider>,
      { container: main },
    );
    const host = await waitFor(() => {
      const found = container.querySelector('[data-latchkey-shadow-host]');
      expect(found?.shadowRoot?.querySelector('.lk-Root')).toBeTruthy();
      return found as HTMLElement;
    }, waitLong);
    const shadowRoot = host.shadowRoot as ShadowRoot;
    const shadow = within(shadowRoot as unknown as HTMLElement);
    expect(await shadow.findByRole('heading', { name: titleOf(env) }, waitLong)).toBeTruthy();
    expect(shadowRoot.querySelector('[data-scope="identity-provider"][data-part="root"]')).not.toBeNull();
    const styles = [...shadowRoot.querySelectorAll('style[data-latchkey-styles]')].map((style) => style.textContent);
    expect(styles).toEqual([stylesText, identityProviderStylesText]);
    expect(container.querySelector('.lk-Root')).toBeNull();
    await expectNoAxeViolations(container);
  });
});

describe('IdentityProvider (themed): the sign-in view', () => {
  it("signed out: 'No active session…' then the page's themed <SignIn>, no axe violations", async () => {
    const env = await startTestEnvironment({ config: IDP_CONFIG });
    const main = document.body.appendChild(document.createElement('main'));
    const { container } = render(
      <LatchkeyProvider client={env.client}>
        <IdentityProvider
          search={AUTHORIZE_SEARCH}
          navigate={() => {}}
          signIn={<SignIn config={{ products: ['otp'], otpOptions: { methods: ['email'] } }} />}
        />
      </LatchkeyProvider>,
      { container: main },
    );
    const alert = await screen.findByRole('alert', {}, waitLong);
    expect(alert.textContent).toBe('No active session detected. Please log in to continue.');
    // The sign-in step names the application that asks.
    expect(screen.getByRole('heading', { name: 'Sign in to continue to Notes' })).toBeTruthy();
    const view = container.querySelector<HTMLElement>('[data-scope="idp-consent"][data-part="sign-in"]');
    // The form is a kit root of its own, inside the identity provider's (its card frame is dropped by the CSS).
    expect(view?.querySelector('.lk-Root')).not.toBeNull();
    expect(await within(view as HTMLElement).findByRole('textbox', { name: 'Email' }, waitLong)).toBeTruthy();
    await expectNoAxeViolations();
  });
});

describe('mountIdentityProvider', () => {
  it("renders the consent screen; 'Allow' leaves for the client with a code", async () => {
    const env = await signedInEnvironment();
    const element = addElement('idp');
    const navigate = vi.fn<(url: string) => void>();
    const onEvent = vi.fn();
    await act(async () => {
      unmounts.push(
        mountIdentityProvider({
          elementSelector: '#idp',
          client: env.client,
          search: AUTHORIZE_SEARCH,
          navigate,
          callbacks: { onEvent },
          strings: { 'idpConsent.deny': 'Not now' },
        }),
      );
    });
    const widget = within(element);
    expect(await widget.findByRole('heading', { name: titleOf(env) }, waitLong)).toBeTruthy();
    expect(element.querySelector('.lk-Root [data-scope="idp-consent"][data-part="root"]')).not.toBeNull();
    expect(widget.getByRole('button', { name: 'Not now' })).toBeTruthy();
    await expectNoAxeViolations(element);
    await userEvent.setup().click(widget.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1), waitLong);
    expect(new URL(navigate.mock.calls[0]?.[0] ?? '').searchParams.get('code')).toBeTruthy();
    // The browser leaves for the client: no flow-complete event (sent only when it does not redirect, issue 28).
    expect(onEvent).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'OAUTH_AUTHORIZE_FLOW_COMPLETE' }));
  });

  it('renders inside a shadow root with the stylesheet when config.enableShadowDOM is set', async () => {
    const env = await signedInEnvironment();
    const element = addElement('idp');
    await act(async () => {
      unmounts.push(
        mountIdentityProvider({
          elementSelector: '#idp',
          client: env.client,
          search: AUTHORIZE_SEARCH,
          config: { enableShadowDOM: true },
        }),
      );
    });
    const shadow = within(element.shadowRoot as unknown as HTMLElement);
    expect(await shadow.findByRole('heading', { name: titleOf(env) }, waitLong)).toBeTruthy();
    expect(element.childElementCount).toBe(0);
  });

  it("flow: 'logout' runs the logout flow without post_logout_redirect_uri, ending on 'You have been logged out'", async () => {
    const env = await signedInEnvironment();
    const element = addElement('idp');
    const navigate = vi.fn<(url: string) => void>();
    await act(async () => {
      unmounts.push(
        mountIdentityProvider({
          elementSelector: '#idp',
          client: env.client,
          search: `?${new URLSearchParams({ client_id: 'notes', state: 'bye-789' })}`,
          navigate,
          flow: 'logout',
        }),
      );
    });
    const widget = within(element);
    await userEvent.setup().click(await widget.findByRole('button', { name: 'Yes' }, waitLong));
    expect((await widget.findByRole('alert', {}, waitLong)).textContent).toBe(
      'You have been logged out. You may close this page.',
    );
    expect(env.client.session.getSync()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    await expectNoAxeViolations(element);
  });

  it('throws when the selector matches no element', async () => {
    const env = await startTestEnvironment();
    expect(() => mountIdentityProvider({ elementSelector: '#nowhere', client: env.client })).toThrow(
      'The selector "#nowhere" applies to no DOM elements on the page.',
    );
  });
});

describe('<latchkey-identity-provider>', () => {
  it("renders the page's authorize request inside a shadow root, with the stylesheet and no axe violations", async () => {
    const env = await signedInEnvironment();
    // The element reads the address bar's query, as on the host's authorization page.
    window.history.replaceState(null, '', `/oauth/authorize${AUTHORIZE_SEARCH}`);
    defineLatchkeyElements(env.client);
    const element = document.createElement('latchkey-identity-provider') as LatchkeyIdentityProviderElement;
    element.config = { enableShadowDOM: true };
    element.getManifest = ({ clientName }) => [
      { header: `${clientName} will be able to:`, items: [{ text: 'See who you are', details: [] }] },
    ];
    await act(async () => {
      document.body.append(element);
      await Promise.resolve();
    });

    const shadowRoot = element.shadowRoot;
    if (!shadowRoot) throw new Error('no shadow root');
    const shadow = within(shadowRoot as unknown as HTMLElement);
    expect(await shadow.findByRole('heading', { name: titleOf(env) }, waitLong)).toBeTruthy();
    const list = shadow.getByRole('list', { name: 'Notes will be able to:' });
    expect(within(list).getByText('See who you are')).toBeTruthy();
    expect(shadow.getByRole('button', { name: 'Allow' })).toBeTruthy();
    await expectNoAxeViolations(element);
    expect(element.childElementCount).toBe(0);
    const adopted = [...(shadowRoot.adoptedStyleSheets ?? [])].flatMap((sheet) =>
      [...sheet.cssRules].map((rule) => rule.cssText),
    );
    const styleElements = [...shadowRoot.querySelectorAll('style[data-latchkey-styles]')];
    const styleText =
      styleElements.length > 0 ? styleElements.map((style) => style.textContent).join('\n') : adopted.join('\n');
    // The kit's stylesheet and, after it, the identity provider's (identity-provider.css, not in styles.css).
    expect(styleText).toContain('.lk-Root');
    expect(styleText).toContain('[data-scope="idp-consent"]');
    expect(styleText.indexOf('.lk-Root')).toBeLessThan(styleText.indexOf('[data-scope="idp-consent"]'));
  });

  it("shows the logout confirmation when the page's query has post_logout_redirect_uri", async () => {
    const env = await signedInEnvironment();
    window.history.replaceState(
      null,
      '',
      `/oauth/logout?${new URLSearchParams({ client_id: 'notes', post_logout_redirect_uri: SIGNED_OUT })}`,
    );
    defineLatchkeyElements(env.client);
    const element = document.createElement('latchkey-identity-provider') as LatchkeyIdentityProviderElement;
    await act(async () => {
      document.body.append(element);
      await Promise.resolve();
    });
    const widget = within(element);
    expect(await widget.findByRole('heading', { name: 'Log out?' }, waitLong)).toBeTruthy();
    expect(widget.getByRole('button', { name: 'Yes' })).toBeTruthy();
    expect(widget.getByRole('button', { name: 'No' })).toBeTruthy();
  });

  it('flow="logout" shows the logout confirmation for a query without post_logout_redirect_uri', async () => {
    const env = await signedInEnvironment();
    window.history.replaceState(null, '', `/oauth/logout?${new URLSearchParams({ client_id: 'notes' })}`);
    defineLatchkeyElements(env.client);
    const element = document.createElement('latchkey-identity-provider') as LatchkeyIdentityProviderElement;
    element.setAttribute('flow', 'logout');
    await act(async () => {
      document.body.append(element);
      await Promise.resolve();
    });
    const widget = within(element);
    expect(element.flow).toBe('logout');
    expect(await widget.findByRole('heading', { name: 'Log out?' }, waitLong)).toBeTruthy();
  });
});
