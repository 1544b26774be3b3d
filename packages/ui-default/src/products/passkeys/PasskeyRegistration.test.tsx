// The themed passkey slice: <SignIn> with 'Login with a Passkey', <PasskeyRegistration>, mountPasskeyRegistration
// and <latchkey-passkey-registration> (light DOM and shadow DOM), against the real provider and the software
// authenticator.
import { LatchkeyProvider } from '@latchkey/hooks';
import { ASYNC_TIMEOUT, expectNoAxeViolations } from '@latchkey/testing';
import { unprovedSession } from '@latchkey/testing/unproved-session';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL, passkeyEnvironment, signInByPasscode } from '../../../test/passkeys';
import { defineLatchkeyElements, LATCHKEY_ELEMENTS } from '../../customElements';
import { SignIn } from '../../SignIn';
import { type LatchkeyPasskeyRegistrationElement, mountPasskeyRegistration } from './mountPoints';
import { PasskeyRegistration } from './PasskeyRegistration';

const waitLong = { timeout: ASYNC_TIMEOUT };
const NO_USER = 'Error: Cannot use PasskeyRegistration component without active user authenticated.';
const unmounts: (() => void)[] = [];

afterEach(async () => {
  act(() => {
    for (const unmount of unmounts.splice(0)) unmount();
  });
  await act(async () => {
    document.body.replaceChildren();
    await Promise.resolve();
  });
});

function pageMain(): HTMLElement {
  return document.body.appendChild(document.createElement('main'));
}

describe('themed <SignIn> with passkeys', () => {
  it("signs in with 'Login with a Passkey' and shows PasskeyConfirmation", async () => {
    const env = await passkeyEnvironment();
    await signInByPasscode(env);
    await env.client.webauthn.register({ is_passkey: true });
    await env.client.session.revoke();
    const onEvent = vi.fn();
    const user = userEvent.setup();
    render(
      <LatchkeyProvider client={env.client}>
        <SignIn config={{ products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } }} callbacks={{ onEvent }} />
      </LatchkeyProvider>,
      { container: pageMain() },
    );

    const button = await screen.findByRole('button', { name: 'Login with a Passkey' }, waitLong);
    expect(button.closest('.lk-Root')).not.toBeNull();
    await expectNoAxeViolations();
    await user.click(button);

    expect(await screen.findByText('Your Passkey has been successfully authenticated.', {}, waitLong)).toBeTruthy();
    await waitFor(
      () => expect(onEvent.mock.calls.map(([event]) => event.type)).toContain('AUTHENTICATE_FLOW_COMPLETE'),
      waitLong,
    );
    expect(onEvent.mock.calls[0]?.[0]?.type).toBe('PASSKEY_AUTHENTICATE');
  });
});

describe('themed <PasskeyRegistration>', () => {
  it('creates a passkey and lists it, themed, with no axe violations', async () => {
    const env = await passkeyEnvironment();
    await signInByPasscode(env);
    const user = userEvent.setup();
    render(
      <LatchkeyProvider client={env.client}>
        <PasskeyRegistration theme="dark" />
      </LatchkeyProvider>,
      { container: pageMain() },
    );

    const create = await screen.findByRole('button', { name: 'Create a Passkey' }, waitLong);
    expect(create.closest('.lk-Root')?.getAttribute('data-theme')).toBe('dark');
    await expectNoAxeViolations();
    await user.click(create);
    expect(await screen.findByRole('heading', { name: 'Passkey successfully created!' }, waitLong)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1), waitLong);
    await expectNoAxeViolations();
  });

  it("asks a session that never proved the second factor for a code ('Confirm it's you') before creating a passkey", async () => {
    // Multi-factor sign-in required; the page's session started (on another device, by passcode) before the user set
    // up her authenticator app in a session of her own; the page then went back to that first session.
    const { env, codeNow } = await unprovedSession({ email: EMAIL });
    const user = userEvent.setup();
    const view = render(
      <LatchkeyProvider client={env.client}>
        <PasskeyRegistration />
      </LatchkeyProvider>,
      { container: pageMain() },
    );

    await user.click(await screen.findByRole('button', { name: 'Create a Passkey' }, waitLong));
    await screen.findByRole('heading', { name: "Confirm it's you" }, waitLong);
    const step = view.container.querySelector('.lk-Root [data-scope="session-verification"][data-part="root"]');
    expect(step?.querySelector('[data-part="submit"]')?.textContent).toBe('Continue');
    await waitFor(
      () => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Digit 1 of 6' })),
      waitLong,
    );
    await expectNoAxeViolations(view.container);

    await user.keyboard(await codeNow());
    expect(await screen.findByRole('heading', { name: 'Passkey successfully created!' }, waitLong)).toBeTruthy();
    expect((await env.client.user.get()).webauthn_registrations).toHaveLength(1);
  });

  it("'Skip' lists the existing passkeys with their creation date; deleting the last one shows the empty state", async () => {
    const env = await passkeyEnvironment();
    await signInByPasscode(env);
    await env.client.webauthn.register({ is_passkey: true });
    const [registration] = (await env.client.user.get()).webauthn_registrations;
    const user = userEvent.setup();
    render(
      <LatchkeyProvider client={env.client}>
        <PasskeyRegistration />
      </LatchkeyProvider>,
      { container: pageMain() },
    );

    await user.click(await screen.findByRole('button', { name: 'Skip' }, waitLong));
    expect(await screen.findByRole('heading', { name: 'Existing Passkeys' }, waitLong)).toBeTruthy();
    expect(screen.queryByText('Passkey successfully created!')).toBeNull();
    const item = await screen.findByRole('listitem', {}, waitLong);
    expect(within(item).getByText('Passkey')).toBeTruthy();
    expect(item.querySelector('time')?.getAttribute('datetime')).toBe(registration?.created_at);
    expect(item.querySelector('time')?.textContent).toMatch(/^Created /);
    await expectNoAxeViolations();

    await user.click(within(item).getByRole('button', { name: 'Delete Passkey' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You have no passkeys yet.', {}, waitLong)).toBeTruthy();
    expect(screen.queryByText('Passkey successfully created!')).toBeNull();
  });
});

describe('mountPasskeyRegistration', () => {
  it('opens on PasskeyRegistrationStart for the signed-in user and reaches the success list', async () => {
    const env = await passkeyEnvironment();
    await signInByPasscode(env);
    const user = userEvent.setup();
    const host = document.body.appendChild(document.createElement('div'));
    host.id = 'passkeys';
    await act(async () => {
      unmounts.push(mountPasskeyRegistration({ elementSelector: '#passkeys', client: env.client }));
    });

    expect(await screen.findByRole('heading', { name: 'Set up a new Passkey' }, waitLong)).toBeTruthy();
    expect(host.querySelector('[data-scope="passkey-registration"]')?.getAttribute('data-screen')).toBe(
      'PasskeyRegistrationStart',
    );
    await user.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    expect(await screen.findByText('Existing Passkeys', {}, waitLong)).toBeTruthy();
    expect((await env.client.user.get()).webauthn_registrations).toHaveLength(1);
  });

  it('shows the no-user error with nobody signed in', async () => {
    const env = await passkeyEnvironment();
    document.body.appendChild(document.createElement('div')).id = 'passkeys';
    await act(async () => {
      unmounts.push(mountPasskeyRegistration({ elementSelector: '#passkeys', client: env.client }));
    });
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toBe(NO_USER);
  });

  it('throws when the selector matches no element', async () => {
    const env = await passkeyEnvironment();
    expect(() => mountPasskeyRegistration({ elementSelector: '#nowhere', client: env.client })).toThrow(
      'The selector "#nowhere" applies to no DOM elements on the page.',
    );
  });
});

describe('<latchkey-passkey-registration>', () => {
  it('is registered by defineLatchkeyElements', async () => {
    defineLatchkeyElements();
    expect(LATCHKEY_ELEMENTS.passkeyRegistration).toBe('latchkey-passkey-registration');
    expect(customElements.get('latchkey-passkey-registration')).toBeDefined();
  });

  it('creates a passkey inside a shadow root when config.enableShadowDOM is set', async () => {
    const env = await passkeyEnvironment();
    await signInByPasscode(env);
    defineLatchkeyElements(env.client);
    const user = userEvent.setup();
    const element = document.createElement('latchkey-passkey-registration') as LatchkeyPasskeyRegistrationElement;
    element.config = { enableShadowDOM: true };
    await act(async () => {
      document.body.append(element);
      await Promise.resolve();
    });

    const shadowRoot = element.shadowRoot;
    if (!shadowRoot) throw new Error('no shadow root');
    const shadow = within(shadowRoot as unknown as HTMLElement);
    await user.click(await shadow.findByRole('button', { name: 'Create a Passkey' }, waitLong));
    expect(await shadow.findByRole('heading', { name: 'Passkey successfully created!' }, waitLong)).toBeTruthy();
    expect(element.childElementCount).toBe(0);
    await expectNoAxeViolations(element);
  });

  it('shows the no-user error in the light DOM with nobody signed in', async () => {
    const env = await passkeyEnvironment();
    const element = document.createElement('latchkey-passkey-registration') as LatchkeyPasskeyRegistrationElement;
    element.client = env.client;
    defineLatchkeyElements();
    await act(async () => {
      document.body.append(element);
      await Promise.resolve();
    });
    expect((await within(element).findByRole('alert', {}, waitLong)).textContent).toBe(NO_USER);
  });
});
