import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_WALLET_OPTION } from './products/crypto/wallets';
import { resolveOAuthProviders } from './products/oauth/resolveProviders';
import { EML_AND_EMAIL_OTP_ERROR } from './products/otp/configError';
import { OTP_TRANSITIONS } from './products/otp/transitions';
import { PASSKEYS_ALONE_ERROR } from './products/passkeys/configError';
import { PASSWORD_TRANSITIONS } from './products/passwords/transitions';
import { createSignInStore, resolveSignInConfig, type SignInConfig, type SignInStore } from './signInStore';
import { SignInStoreProvider, useOptionalSignInStore, useSignInStore } from './storeContext';

/**
 * A store holding the passcode and password rows from the start (its creator passes them), so the tests can dispatch
 * those slices' events without their flow hooks, which otherwise bring the rows with their first event.
 */
function storeWithRows(config: SignInConfig): SignInStore {
  return createSignInStore(config, {}, 'Main', { transitions: [OTP_TRANSITIONS, PASSWORD_TRANSITIONS] });
}

const otpState = { type: 'sms' as const, methodId: 'phone-number-test-1', otpDestination: '+15005550006' };

describe('configuration', () => {
  it('fills in the spec defaults', () => {
    expect(resolveSignInConfig()).toEqual({
      products: ['emailMagicLinks'],
      emailMagicLinksOptions: { loginExpirationMinutes: 30, signupExpirationMinutes: 30, createUserAsPending: false },
      otpOptions: { methods: [], expirationMinutes: 5 },
      passwordOptions: {},
      sessionOptions: { sessionDurationMinutes: 30 },
      style: { hideHeaderText: false },
    });
  });

  it("keeps the social providers as written, and resolveOAuthProviders fills in each one's defaults, a type outside the 19 kept, flagged", () => {
    const providers = [
      { type: 'google', one_tap: true, position: 'floating' as const, cancel_on_tap_outside: undefined },
      { type: 'github', custom_scopes: ['read:org'], provider_params: { login: 'ada' } },
      { type: 'myspace' },
    ];
    const config = resolveSignInConfig({
      products: ['oauth'],
      oauthOptions: { providers, loginRedirectURL: 'https://a.test/in' },
    });
    expect(config.oauthOptions).toEqual({ providers, loginRedirectURL: 'https://a.test/in' });
    expect(resolveSignInConfig({ products: ['oauth'] }).oauthOptions).toBe(undefined);
    expect(resolveOAuthProviders(providers)).toEqual([
      {
        type: 'google',
        custom_scopes: [],
        provider_params: {},
        one_tap: true,
        position: 'floating',
        cancel_on_tap_outside: true,
        isKnown: true,
      },
      {
        type: 'github',
        custom_scopes: ['read:org'],
        provider_params: { login: 'ada' },
        one_tap: false,
        position: 'embedded',
        cancel_on_tap_outside: true,
        isKnown: true,
      },
      {
        type: 'myspace',
        custom_scopes: [],
        provider_params: {},
        one_tap: false,
        position: 'embedded',
        cancel_on_tap_outside: true,
        isKnown: false,
      },
    ]);
  });

  it('keeps what the host set', () => {
    const config = resolveSignInConfig({
      products: ['otp'],
      emailMagicLinksOptions: { loginRedirectURL: 'https://a.test/in', createUserAsPending: true },
      otpOptions: { methods: ['sms'], expirationMinutes: 10, locale: 'es' },
      passwordOptions: { resetPasswordRedirectURL: 'https://a.test/reset' },
      sessionOptions: { sessionDurationMinutes: 60 },
      style: { hideHeaderText: true, logoImageUrl: 'https://a.test/logo.png' },
    });
    expect(config.emailMagicLinksOptions).toEqual({
      loginRedirectURL: 'https://a.test/in',
      loginExpirationMinutes: 30,
      signupExpirationMinutes: 30,
      createUserAsPending: true,
    });
    expect(config.otpOptions).toEqual({ methods: ['sms'], expirationMinutes: 10, locale: 'es' });
    expect(config.passwordOptions).toEqual({ resetPasswordRedirectURL: 'https://a.test/reset' });
    expect(config.sessionOptions.sessionDurationMinutes).toBe(60);
    expect(config.style).toEqual({ hideHeaderText: true, logoImageUrl: 'https://a.test/logo.png' });
  });

  it('refuses magic links together with email passcodes', () => {
    const store = createSignInStore({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } });
    expect(store.getState().configError).toBe('Error: Cannot use both EML and Email OTP');
    expect(EML_AND_EMAIL_OTP_ERROR).toBe('Error: Cannot use both EML and Email OTP');
  });

  it('allows magic links with text-message passcodes', () => {
    const store = createSignInStore({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } });
    expect(store.getState().configError).toBeNull();
  });

  it('refuses passkeys as the only product', () => {
    const store = createSignInStore({ products: ['passkeys'] });
    expect(store.getState().configError).toBe(
      'Error: Cannot use Passkeys by itself, please add another product to the config.',
    );
    expect(PASSKEYS_ALONE_ERROR).toBe(store.getState().configError);
  });

  it('allows passkeys beside another product (no tab of their own), and the default config', () => {
    const store = createSignInStore({ products: ['passkeys', 'emailMagicLinks'] });
    expect(store.getState().configError).toBeNull();
    expect(store.getState().methods).toEqual(['email']);
    expect(createSignInStore().getState().configError).toBeNull();
  });

  it('takes an empty product list as the default, email magic links', () => {
    const store = createSignInStore({ products: [] });
    expect(store.getState().config.products).toEqual(['emailMagicLinks']);
    expect(store.getState().methods).toEqual(['email']);
    expect(store.getState().configError).toBeNull();
  });
});

describe('method tabs', () => {
  it('lists passcode methods in configured order, the first preselected', () => {
    const store = createSignInStore({ products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp', 'email'] } });
    expect(store.getState().methods).toEqual(['sms', 'whatsapp', 'email']);
  });

  it('gives magic links and passwords one shared email tab', () => {
    expect(createSignInStore({ products: ['emailMagicLinks', 'passwords'] }).getState().methods).toEqual(['email']);
  });

  it('adds the email tab once, where its product is configured', () => {
    const store = createSignInStore({ products: ['otp', 'passwords'], otpOptions: { methods: ['whatsapp', 'email'] } });
    expect(store.getState().methods).toEqual(['whatsapp', 'email']);
    const otpFirst = createSignInStore({ products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms'] } });
    expect(otpFirst.getState().methods).toEqual(['sms', 'email']);
  });

  it('follows the order products are configured in: magic links first opens on Email', () => {
    const store = createSignInStore({
      products: ['emailMagicLinks', 'otp', 'passwords'],
      otpOptions: { methods: ['sms'] },
    });
    expect(store.getState().methods).toEqual(['email', 'sms']);
    const passwordsFirst = createSignInStore({
      products: ['passwords', 'otp'],
      otpOptions: { methods: ['whatsapp', 'sms'] },
    });
    expect(passwordsFirst.getState().methods).toEqual(['email', 'whatsapp', 'sms']);
  });

  it('ignores passcode methods when the otp product is not configured', () => {
    const store = createSignInStore({ products: ['emailMagicLinks'], otpOptions: { methods: ['sms', 'email'] } });
    expect(store.getState().methods).toEqual(['email']);
    expect(store.getState().configError).toBeNull();
  });

  it('has no tab for products without an email or phone form', () => {
    expect(createSignInStore({ products: ['oauth'] }).getState().methods).toEqual([]);
  });
});

describe('transitions', () => {
  it('starts on Main with an empty form state, or on the screen asked for', () => {
    const state = createSignInStore().getState();
    expect(state.screen).toBe('Main');
    expect(state.formState).toEqual({
      magicLinkState: { email: '' },
      otpState: { type: 'email', methodId: '', otpDestination: '' },
      passwordState: { email: '', type: null },
      resetPasswordState: { token: '', tokenType: null },
      cryptoState: { walletAddress: '', walletOption: 'Metamask', walletChallenge: '' },
      errorDescriptor: null,
      accountReset: null,
    });
    // The wallet option defaults to Metamask (the store writes the value out; see signInStore.tsx).
    expect(state.formState.cryptoState.walletOption).toBe(DEFAULT_WALLET_OPTION);
    expect(state.isPasswordless).toBe(false);
    expect(createSignInStore({}, {}, 'PasswordResetForm').getState().screen).toBe('PasswordResetForm');
  });

  it('sending a magic link stores the email and shows EmailConfirmation; try again clears it', async () => {
    const store = storeWithRows({ products: ['emailMagicLinks', 'passwords'] });
    store.getState().dispatch({ type: 'passwordUserFound', email: 'ada@example.com', userType: 'passwordless' });
    store.getState().dispatch({ type: 'passwordlessSet', value: true });
    store.getState().dispatch({ type: 'magicLinkSent', email: 'ada@example.com' });
    expect(store.getState().screen).toBe('EmailConfirmation');
    expect(store.getState().formState.magicLinkState.email).toBe('ada@example.com');

    store.getState().tryAgain();
    expect(store.getState().screen).toBe('Main');
    expect(store.getState().formState.magicLinkState.email).toBe('');
    expect(store.getState().formState.passwordState.email).toBe('');
    expect(store.getState().isPasswordless).toBe(false);
  });

  it('sending a passcode stores type, method id and destination; resending replaces only the method id', async () => {
    const store = storeWithRows({ products: ['otp'], otpOptions: { methods: ['sms'] } });
    store.getState().dispatch({ type: 'otpSent', otp: otpState });
    expect(store.getState().screen).toBe('OTPAuthenticate');
    expect(store.getState().formState.otpState).toEqual(otpState);

    store.getState().dispatch({
      type: 'otpResent',
      methodId: 'phone-number-test-2',
      method: 'sms',
      otpDestination: otpState.otpDestination,
    });
    expect(store.getState().screen).toBe('OTPAuthenticate');
    expect(store.getState().formState.otpState).toEqual({ ...otpState, methodId: 'phone-number-test-2' });

    store.getState().dispatch({ type: 'otpAuthenticated' });
    expect(store.getState().screen).toBe('OTPConfirmation');
  });

  it('the user search stores email and user type and shows the password screen', async () => {
    const store = storeWithRows({ products: ['passwords'] });
    store.getState().dispatch({ type: 'passwordUserFound', email: 'ada@example.com', userType: 'password' });
    expect(store.getState().screen).toBe('PasswordCreateOrLogin');
    expect(store.getState().formState.passwordState).toEqual({ email: 'ada@example.com', type: 'password' });
    store.getState().dispatch({ type: 'passwordAuthenticated' });
    expect(store.getState().screen).toBe('PasswordConfirmation');
  });

  it.each([
    ['forgot', 'PasswordForgot'],
    ['breached', 'PasswordBreached'],
    ['dedupe', 'PasswordDedupe'],
    ['setNew', 'PasswordSetNew'],
  ] as const)('a reset email sent because of "%s" shows %s', async (reason, expected) => {
    const store = storeWithRows({ products: ['passwords'] });
    store.getState().dispatch({ type: 'passwordUserFound', email: 'ada@example.com', userType: 'password' });
    store.getState().dispatch({ type: 'passwordResetSent', reason: reason, email: 'ada@example.com' });
    expect(store.getState().screen).toBe(expected);
    expect(store.getState().formState.passwordState.email).toBe('ada@example.com');
  });

  it('a reset token from the URL is stored and shows the reset form', async () => {
    const store = storeWithRows({ products: ['passwords'] });
    store.getState().dispatch({ type: 'resetTokenReceived', token: 'token-1', tokenType: 'reset_password' });
    expect(store.getState().screen).toBe('PasswordResetForm');
    expect(store.getState().formState.resetPasswordState).toEqual({ token: 'token-1', tokenType: 'reset_password' });
    store.getState().dispatch({ type: 'loginSucceeded' });
    expect(store.getState().screen).toBe('LoginSuccess');
  });

  it('an error shows the error screen with its message; back returns to Main keeping the emails', async () => {
    const store = storeWithRows({ products: ['emailMagicLinks', 'passwords'] });
    store.getState().dispatch({ type: 'passwordUserFound', email: 'ada@example.com', userType: 'new' });
    store.getState().dispatch({ type: 'magicLinkSent', email: 'ada@example.com' });
    store.getState().dispatch({
      type: 'failed',
      descriptor: { messageId: 'network_error', message: 'Unable to contact our servers.' },
    });
    expect(store.getState().screen).toBe('Error');
    expect(store.getState().formState.errorDescriptor).toEqual({
      messageId: 'network_error',
      message: 'Unable to contact our servers.',
    });

    store.getState().dispatch({ type: 'passwordlessSet', value: true });
    expect(store.getState().isPasswordless).toBe(true);
    store.getState().back();
    expect(store.getState().screen).toBe('Main');
    expect(store.getState().formState.magicLinkState.email).toBe('ada@example.com');
    expect(store.getState().formState.passwordState).toEqual({ email: 'ada@example.com', type: 'new' });
    expect(store.getState().formState.errorDescriptor).toBeNull();
    expect(store.getState().isPasswordless).toBe(false);
  });

  it('navigate goes to any screen and leaves the form state alone', () => {
    const store = createSignInStore();
    store.getState().dispatch({ type: 'magicLinkSent', email: 'ada@example.com' });
    const before = store.getState().formState;
    store.getState().navigate('LoginSuccess');
    expect(store.getState().screen).toBe('LoginSuccess');
    expect(store.getState().formState).toBe(before);
  });

  it('keeps the host callbacks and lets them be replaced', () => {
    const onEvent = vi.fn();
    const store = createSignInStore({}, { onEvent });
    store.getState().callbacks.onEvent?.({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: null });
    expect(onEvent).toHaveBeenCalledWith({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: null });
    const onError = vi.fn();
    store.getState().setCallbacks({ onError });
    expect(store.getState().callbacks).toEqual({ onError });
  });

  it('two stores never share state', async () => {
    const first = storeWithRows({ products: ['otp'], otpOptions: { methods: ['sms'] } });
    const second = createSignInStore();
    first.getState().dispatch({ type: 'magicLinkSent', email: 'ada@example.com' });
    first.getState().dispatch({ type: 'otpSent', otp: otpState });
    expect(second.getState().screen).toBe('Main');
    expect(second.getState().formState.magicLinkState.email).toBe('');
    expect(second.getState().formState.otpState.methodId).toBe('');
  });
});

function ScreenName({ label = 'screen', onRender }: { label?: string; onRender?: () => void }) {
  onRender?.();
  return <p>{`${label}: ${useSignInStore((state) => state.screen)}`}</p>;
}

describe('React bindings', () => {
  const wrapperFor =
    (store: SignInStore) =>
    ({ children }: { children: ReactNode }) => <SignInStoreProvider store={store}>{children}</SignInStoreProvider>;

  it('useSignInStore outside <SignIn> throws a message naming both', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useSignInStore((state) => state.screen))).toThrow(
      'useSignInStore must be used within <SignIn>',
    );
    consoleError.mockRestore();
  });

  it('useOptionalSignInStore is null outside a provider and the store inside', () => {
    expect(renderHook(() => useOptionalSignInStore()).result.current).toBeNull();
    const store = createSignInStore();
    expect(renderHook(() => useOptionalSignInStore(), { wrapper: wrapperFor(store) }).result.current).toBe(store);
  });

  it('re-renders with the selected slice after a transition, and only for that slice', () => {
    const store = createSignInStore();
    let renders = 0;
    const countRender = () => {
      renders++;
    };
    render(
      <SignInStoreProvider store={store}>
        <ScreenName onRender={countRender} />
      </SignInStoreProvider>,
    );
    expect(screen.getByText('screen: Main')).toBeTruthy();
    act(() => store.getState().dispatch({ type: 'magicLinkSent', email: 'ada@example.com' }));
    expect(screen.getByText('screen: EmailConfirmation')).toBeTruthy();
    const rendersAfterTransition = renders;
    act(() => store.getState().setCallbacks({}));
    expect(renders).toBe(rendersAfterTransition);
  });

  it('two mounted widgets keep separate screens', async () => {
    const first = storeWithRows({ products: ['otp'], otpOptions: { methods: ['sms'] } });
    const second = createSignInStore();
    render(
      <>
        <SignInStoreProvider store={first}>
          <ScreenName label="first" />
        </SignInStoreProvider>
        <SignInStoreProvider store={second}>
          <ScreenName label="second" />
        </SignInStoreProvider>
      </>,
    );
    act(() => first.getState().dispatch({ type: 'otpSent', otp: otpState }));
    expect(screen.getByText('first: OTPAuthenticate')).toBeTruthy();
    expect(screen.getByText('second: Main')).toBeTruthy();
  });
});

describe("the store's transition table", () => {
  it("is each store's own: a slice's rows join it with the slice's first event, in that store only", () => {
    const store = createSignInStore({ products: ['otp'], otpOptions: { methods: ['sms'] } });
    const other = createSignInStore({ products: ['otp'], otpOptions: { methods: ['sms'] } });
    // No slice rows at creation: they come with the flow hook that dispatches their events.
    expect(store.getState().transitions.otpSent).toBeUndefined();
    store.getState().dispatch({ type: 'otpSent', otp: otpState }, OTP_TRANSITIONS);
    expect(store.getState().screen).toBe('OTPAuthenticate');
    expect(store.getState().transitions.otpSent).toBe(OTP_TRANSITIONS.otpSent);
    // Brought once: the next event finds them without being handed them again.
    store.getState().dispatch({
      type: 'otpResent',
      methodId: 'phone-number-test-2',
      method: 'sms',
      otpDestination: otpState.otpDestination,
    });
    expect(store.getState().formState.otpState.methodId).toBe('phone-number-test-2');
    expect(other.getState().transitions.otpSent).toBeUndefined();
    other.getState().dispatch({ type: 'otpSent', otp: otpState });
    expect(other.getState().screen).toBe('Main');
  });

  it('downloads the second factor rows at a partial authentication, not before: with TOTP it goes to TotpAuthenticate, without it the screen stays', async () => {
    const withTotp = storeWithRows({ products: ['passwords'] });
    const withoutTotp = createSignInStore({ products: ['passwords'] }, {}, 'Main', {
      secondFactors: [],
      transitions: [PASSWORD_TRANSITIONS],
    });
    expect(withTotp.getState().productKeys).toEqual(['passwords', 'totp']);
    expect(withoutTotp.getState().productKeys).toEqual(['passwords']);
    expect(withTotp.getState().transitions.authenticatedPartially).toBeUndefined();

    for (const store of [withTotp, withoutTotp]) {
      store.getState().dispatch({ type: 'passwordUserFound', email: 'ada@example.com', userType: 'password' });
      store.getState().dispatch({ type: 'authenticatedPartially' });
    }
    // Without a second factor there is nothing to download: the event changes nothing, at once.
    expect(withoutTotp.getState().screen).toBe('PasswordCreateOrLogin');
    await vi.waitFor(() => expect(withTotp.getState().screen).toBe('TotpAuthenticate'), { timeout: 10_000 });
    expect(withTotp.getState().transitions.authenticatedPartially?.to).toBe('TotpAuthenticate');
    expect(withoutTotp.getState().transitions.authenticatedPartially).toBeUndefined();
    // A store made afterwards has no row for it (no table is shared).
    expect(createSignInStore().getState().transitions.totpModeChanged).toBeUndefined();
  });

  it('keeps the order of events while rows download: an event behind one without a row waits for it', async () => {
    const store = createSignInStore({ products: ['otp'], otpOptions: { methods: ['sms'] } });
    store.getState().dispatch({ type: 'authenticatedPartially' });
    store.getState().dispatch({ type: 'failed', descriptor: { messageId: 'network_error', message: 'Offline.' } });
    expect(store.getState().screen).toBe('Main');
    await store.getState().transitionsLoaded;
    expect(store.getState().screen).toBe('Error');
    expect(store.getState().transitions.authenticatedPartially?.to).toBe('TotpAuthenticate');
  });

  it('applies the rows its creator passes at once', () => {
    const store = createSignInStore({}, {}, 'Main', {
      transitions: [{ passwordResetSent: { to: 'PasswordForgot' } }],
    });
    store.getState().dispatch({ type: 'passwordResetSent', reason: 'forgot', email: 'ada@example.com' });
    expect(store.getState().screen).toBe('PasswordForgot');
  });
});
