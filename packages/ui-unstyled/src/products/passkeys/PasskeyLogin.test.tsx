// Main's passkey block inside <SignIn>, against the real provider and the software authenticator.
import { createSignInStore, LatchkeyProvider, type SignInConfig, SignInStoreProvider } from '@latchkey/hooks';
import { ASYNC_TIMEOUT, expectNoAxeViolations } from '@latchkey/testing';
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { passkeyEnvironment, passkeyUser, signInByPasscode } from '../../../test/passkeys';
import { renderSignIn } from '../../../test/renderSignIn';
import { usePasskeyLoginForm } from './PasskeyLogin';

const waitLong = { timeout: ASYNC_TIMEOUT };
const NOT_FOUND =
  'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.';
const UNKNOWN = 'Unknown error occurred during passkey authentication. Please try again.';
/** Passkeys beside text-message passcodes: no email form, so no autofill and the button shows. */
const WITHOUT_EMAIL_FORM: SignInConfig = { products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } };

describe('Main with passkeys', () => {
  it("shows 'Login with a Passkey' first, signs in and reaches PasskeyConfirmation", async () => {
    const { env } = await passkeyEnvironment();
    await passkeyUser(env);
    const onEvent = vi.fn();
    const { user, container } = await renderSignIn({
      env,
      config: WITHOUT_EMAIL_FORM,
      callbacks: { onEvent },
    });

    const button = await screen.findByRole('button', { name: 'Login with a Passkey' }, waitLong);
    // Shown first, above the forms.
    const main = container.querySelector('[data-scope="main"][data-part="root"]');
    expect(
      main?.querySelector('[data-scope="passkey-login"], [data-scope="phone-form"]')?.getAttribute('data-scope'),
    ).toBe('passkey-login');
    await expectNoAxeViolations();
    await user.click(button);

    expect(await screen.findByRole('heading', { name: 'Success!' }, waitLong)).toBeTruthy();
    expect(screen.getByText('Your Passkey has been successfully authenticated.')).toBeTruthy();
    expect(container.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe('PasskeyConfirmation');
    await waitFor(
      () =>
        expect(onEvent.mock.calls.map(([event]) => event.type)).toEqual([
          'PASSKEY_AUTHENTICATE',
          'AUTHENTICATE_FLOW_COMPLETE',
        ]),
      waitLong,
    );
    expect(env.client.session.getSync()?.authentication_factors[0]?.type).toBe('webauthn');
    await expectNoAxeViolations();
  });

  it('shows the spec text in the warning banner (role alert) when the passkey was deleted from the account', async () => {
    const { env } = await passkeyEnvironment();
    await signInByPasscode(env);
    const { webauthn_registration_id: id } = await env.client.webauthn.register({ is_passkey: true });
    await env.client.user.deleteWebauthnRegistration(id);
    await env.client.session.revoke();
    const onError = vi.fn();
    const { user, container } = await renderSignIn({
      env,
      config: WITHOUT_EMAIL_FORM,
      callbacks: { onError },
    });

    await user.click(await screen.findByRole('button', { name: 'Login with a Passkey' }, waitLong));

    const banner = await screen.findByRole('alert', {}, waitLong);
    await waitFor(() => expect(banner.textContent).toBe(NOT_FOUND), waitLong);
    expect(banner.getAttribute('data-scope')).toBe('passkey-login');
    expect(banner.getAttribute('data-part')).toBe('warning');
    expect(container.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe('Main');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'webauthn_registration_not_found' }));
    expect(env.client.session.getSync()).toBeNull();
  });

  it('shows the unknown-failure text when the authenticator holds no passkey', async () => {
    const { env } = await passkeyEnvironment();
    const { user } = await renderSignIn({ env, config: WITHOUT_EMAIL_FORM });

    await user.click(await screen.findByRole('button', { name: 'Login with a Passkey' }, waitLong));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(UNKNOWN), waitLong);
    // The button is ready again.
    expect(screen.getByRole('button', { name: 'Login with a Passkey' }).hasAttribute('disabled')).toBe(false);
  });

  it('offers passkeys in the email field\'s autofill (autocomplete="username webauthn") instead of the button', async () => {
    const { env, autofill } = await passkeyEnvironment();
    await passkeyUser(env);
    const onEvent = vi.fn();
    // Every button the page ever shows, from before the first render: the passkey button must not flash while the
    // browser is asked whether it supports autofill.
    const buttons = new Set<string>();
    const observer = new MutationObserver(() => {
      for (const button of document.querySelectorAll('button')) buttons.add(button.textContent ?? '');
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const { container } = await renderSignIn({
      env,
      config: { products: ['emailMagicLinks', 'passkeys'] },
      callbacks: { onEvent },
    });

    const input = await screen.findByRole('textbox', { name: 'Email' }, waitLong);
    await waitFor(() => expect(input.getAttribute('autocomplete')).toBe('username webauthn'), waitLong);
    await waitFor(() => expect(autofill.waiting).toBe(1), waitLong);
    // The browser supports autofill and an email form exists, so no button, not even for a moment.
    observer.disconnect();
    expect(buttons).toContain('Continue');
    expect([...buttons].filter((text) => text.includes('Passkey'))).toEqual([]);

    autofill.pick();

    expect(await screen.findByText('Your Passkey has been successfully authenticated.', {}, waitLong)).toBeTruthy();
    expect(container.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe('PasskeyConfirmation');
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'PASSKEY_AUTHENTICATE' }));
  });

  it("with the Text tab first, shows 'Login with a Passkey', and autofill only while the Email tab is selected", async () => {
    const { env, autofill } = await passkeyEnvironment();
    await passkeyUser(env);
    const warn = vi.spyOn(console, 'warn');
    const { user } = await renderSignIn({
      env,
      config: { products: ['otp', 'passkeys'], otpOptions: { methods: ['sms', 'email'] } },
    });

    // The Text tab is selected: no email field on screen, so the button, and no conditional request.
    await screen.findByRole('button', { name: 'Login with a Passkey' }, waitLong);
    await env.settled();
    expect(autofill.waiting).toBe(0);
    expect(screen.queryByRole('alert')).toBeNull();
    await expectNoAxeViolations();

    // The Email tab: autofill serves on its field, the button goes.
    await user.click(screen.getByRole('tab', { name: 'Email' }));
    const input = await screen.findByRole('textbox', { name: 'Email' }, waitLong);
    await waitFor(() => expect(input.getAttribute('autocomplete')).toBe('username webauthn'), waitLong);
    await waitFor(() => expect(autofill.waiting).toBe(1), waitLong);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Login with a Passkey' })).toBeNull(), waitLong);

    // Back to Text: the waiting request is cancelled and the button is back.
    await user.click(screen.getByRole('tab', { name: 'Text' }));
    await screen.findByRole('button', { name: 'Login with a Passkey' }, waitLong);
    await waitFor(() => expect(autofill.waiting).toBe(0), waitLong);
    expect(screen.queryByRole('alert')).toBeNull();
    // The SDK said nothing (no 'No input with a "webauthn" autocomplete value' warning).
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it("shows no error when the browser fails the autofill request, and offers 'Login with a Passkey'", async () => {
    const { env, autofill } = await passkeyEnvironment();
    await passkeyUser(env);
    const onError = vi.fn();
    const { user } = await renderSignIn({
      env,
      config: { products: ['emailMagicLinks', 'passkeys'] },
      callbacks: { onError },
    });
    await waitFor(() => expect(autofill.waiting).toBe(1), waitLong);
    expect(screen.queryByRole('button', { name: 'Login with a Passkey' })).toBeNull();

    const refused = new Error('The operation either timed out or was not allowed.');
    refused.name = 'NotAllowedError';
    autofill.fail(refused);

    const button = await screen.findByRole('button', { name: 'Login with a Passkey' }, waitLong);
    await env.settled();
    expect(autofill.waiting).toBe(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onError).not.toHaveBeenCalled();
    await user.click(button);
    expect(await screen.findByText('Your Passkey has been successfully authenticated.', {}, waitLong)).toBeTruthy();
  });

  it("keeps the email field's plain autocomplete without passkeys", async () => {
    await renderSignIn({ config: { products: ['emailMagicLinks'] } });
    const input = await screen.findByRole('textbox', { name: 'Email' }, waitLong);
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(screen.queryByRole('button', { name: 'Login with a Passkey' })).toBeNull();
  });

  it('refuses passkeys alone with the spec text', async () => {
    const { container } = await renderSignIn({ config: { products: ['passkeys'] } });
    const alert = await screen.findByRole('alert', {}, waitLong);
    expect(alert.textContent).toBe('Error: Cannot use Passkeys by itself, please add another product to the config.');
    expect(within(container).queryByRole('button', { name: 'Login with a Passkey' })).toBeNull();
  });

  it('arms autofill only once the email input is in the page (its form can arrive after the Email tab is selected)', async () => {
    const { env, autofill } = await passkeyEnvironment();
    const store = createSignInStore({ products: ['emailMagicLinks', 'passkeys'] });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <LatchkeyProvider client={env.client}>
        <SignInStoreProvider store={store}>{children}</SignInStoreProvider>
      </LatchkeyProvider>
    );
    const { result } = renderHook(
      () =>
        usePasskeyLoginForm({
          emailInputProps: { autoComplete: 'username webauthn' },
          setEmailInputProps: () => {},
          isEmailFieldShown: true,
        }),
      { wrapper },
    );
    // No input yet: nothing is armed (armed now, the browser's request would fail and autofill give up), and the
    // button, which the input is about to replace, stays hidden meanwhile (no flash of it).
    await new Promise((resolve) => setTimeout(resolve, 500));
    await waitFor(() => expect(result.current.showButton).toBe(false), waitLong);
    expect(autofill.waiting).toBe(0);

    const input = document.createElement('input');
    input.setAttribute('autocomplete', 'username webauthn');
    document.body.append(input);
    try {
      await waitFor(() => expect(autofill.waiting).toBe(1), waitLong);
      await waitFor(() => expect(result.current.showButton).toBe(false), waitLong);
    } finally {
      input.remove();
    }
  });
});
