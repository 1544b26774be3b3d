// The screen transitions as a table: one row per transition (from screen, event, to screen, what is stored), run
// through the pure `transition`; then the configuration errors as a table over the product registry.
import { describe, expect, it } from 'vitest';
import { CRYPTO_TRANSITIONS } from './products/crypto/transitions';
import { EML_AND_EMAIL_OTP_ERROR } from './products/otp/configError';
import { OTP_TRANSITIONS } from './products/otp/transitions';
import { PASSKEYS_ALONE_ERROR } from './products/passkeys/configError';
import { PASSKEY_TRANSITIONS } from './products/passkeys/transitions';
import { PASSWORD_TRANSITIONS } from './products/passwords/transitions';
import { SIGN_IN_PRODUCTS } from './products/registry';
import { TOTP_TRANSITIONS } from './products/totp/transitions';
import { resolveSignInConfig, type Screen, type SignInConfig, signInConfigError } from './signInStore';
import {
  CORE_TRANSITIONS,
  composeTransitions,
  isAuthenticatedPartially,
  isAwaiting,
  isShowing,
  TRANSITIONS,
  transition,
  type WidgetEvent,
  type WidgetState,
} from './transition';

function stateOn(screen: Screen, change: Partial<WidgetState> = {}): WidgetState {
  return {
    screen,
    isPasswordless: false,
    formState: {
      magicLinkState: { email: 'old@example.com' },
      otpState: { type: 'email', methodId: 'old-method', otpDestination: 'old@example.com' },
      passwordState: { email: 'old@example.com', type: 'password' },
      resetPasswordState: { token: '', tokenType: null },
      cryptoState: { walletAddress: '', walletOption: 'Metamask', walletChallenge: '' },
      errorDescriptor: null,
      accountReset: null,
    },
    ...change,
  };
}

/** Freezes a state deeply, so a transition that changed its input would throw. */
function frozen(state: WidgetState): WidgetState {
  for (const part of Object.values(state.formState)) if (part) Object.freeze(part);
  Object.freeze(state.formState);
  return Object.freeze(state);
}

const sms = { type: 'sms' as const, methodId: 'phone-number-1', otpDestination: '+15005550006' };
const whatsapp = { type: 'whatsapp' as const, methodId: 'phone-number-2', otpDestination: '+15005550007' };
const emailOtp = { type: 'email' as const, methodId: 'email-1', otpDestination: 'ada@example.com' };
const descriptor = { messageId: 'unable_to_auth_magic_link', message: 'The magic link could not be authenticated.' };

type Row = [
  description: string,
  from: WidgetState,
  event: WidgetEvent,
  to: Screen,
  expected: (next: WidgetState) => void,
];

// A table composed as a store offering every product composes it (the core rows, then each slice's).
const TABLE = composeTransitions(
  OTP_TRANSITIONS,
  PASSWORD_TRANSITIONS,
  PASSKEY_TRANSITIONS,
  CRYPTO_TRANSITIONS,
  TOTP_TRANSITIONS,
);

const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const CHALLENGE = 'localhost wants you to sign in with your Ethereum account';
const withWallet = (walletOption: 'Phantom' | 'Metamask', walletAddress = '', walletChallenge = '') => ({
  ...stateOn('Main').formState,
  cryptoState: { walletOption, walletAddress, walletChallenge },
});

const ROWS: Row[] = [
  [
    'Main → EmailConfirmation after a magic-link email is sent (email stored)',
    stateOn('Main'),
    { type: 'magicLinkSent', email: 'ada@example.com' },
    'EmailConfirmation',
    (next) => expect(next.formState.magicLinkState).toEqual({ email: 'ada@example.com' }),
  ],
  [
    "'Try again' returns to Main (the stored emails cleared)",
    stateOn('EmailConfirmation', { isPasswordless: true }),
    { type: 'tryAgain' },
    'Main',
    (next) => {
      expect(next.formState.magicLinkState.email).toBe('');
      expect(next.formState.passwordState).toEqual({ email: '', type: 'password' });
      expect(next.isPasswordless).toBe(false);
    },
  ],
  ...[emailOtp, sms, whatsapp].map(
    (otp): Row => [
      `Main → OTPAuthenticate after an OTP is sent by ${otp.type} (type, method id and destination stored)`,
      stateOn('Main'),
      { type: 'otpSent', otp },
      'OTPAuthenticate',
      (next) => expect(next.formState.otpState).toEqual(otp),
    ],
  ),
  [
    'a successful code authenticates, then OTPConfirmation',
    stateOn('OTPAuthenticate'),
    { type: 'otpAuthenticated' },
    'OTPConfirmation',
    (next) => expect(next.formState.accountReset).toBeNull(),
  ],
  [
    'a code whose proof reset the account → OTPConfirmation, what was removed stored',
    stateOn('OTPAuthenticate'),
    { type: 'otpAuthenticated', accountReset: { identifier: 'ada@example.com', removed: ['password', 'totp'] } },
    'OTPConfirmation',
    (next) =>
      expect(next.formState.accountReset).toEqual({ identifier: 'ada@example.com', removed: ['password', 'totp'] }),
  ],
  [
    'a verification code after a password sign-up → OTPAuthenticate, its purpose stored',
    stateOn('PasswordCreateOrLogin'),
    {
      type: 'otpSent',
      otp: { type: 'email', methodId: 'email-1', otpDestination: 'ada@example.com', purpose: 'verifyEmail' },
    },
    'OTPAuthenticate',
    (next) => expect(next.formState.otpState.purpose).toBe('verifyEmail'),
  ],
  [
    'resending replaces the method id only (the screen stays)',
    stateOn('OTPAuthenticate', {
      formState: { ...stateOn('Main').formState, otpState: sms },
    }),
    { type: 'otpResent', methodId: 'phone-number-3', method: 'sms', otpDestination: sms.otpDestination },
    'OTPAuthenticate',
    (next) => expect(next.formState.otpState).toEqual({ ...sms, methodId: 'phone-number-3' }),
  ],
  [
    'a resend answered for another destination than the stored one (the user went back and sent elsewhere) changes nothing',
    stateOn('OTPAuthenticate', {
      formState: { ...stateOn('Main').formState, otpState: sms },
    }),
    { type: 'otpResent', methodId: 'phone-number-9', method: 'sms', otpDestination: '+15005550009' },
    'OTPAuthenticate',
    (next) => expect(next.formState.otpState).toEqual(sms),
  ],
  ...(['new', 'password', 'passwordless'] as const).map(
    (userType): Row => [
      `Main (password tab) → PasswordCreateOrLogin after user search; the user type ${userType} is stored`,
      stateOn('Main'),
      { type: 'passwordUserFound', email: 'ada@example.com', userType },
      'PasswordCreateOrLogin',
      (next) => expect(next.formState.passwordState).toEqual({ email: 'ada@example.com', type: userType }),
    ],
  ),
  [
    'passkey sign-in (button or autofill) → PasskeyConfirmation, the error descriptor cleared',
    {
      ...stateOn('Main'),
      formState: { ...stateOn('Main').formState, errorDescriptor: { messageId: 'x', message: 'y' } },
    },
    { type: 'passkeyAuthenticated' },
    'PasskeyConfirmation',
    (next) => expect(next.formState.errorDescriptor).toBeNull(),
  ],
  [
    'passkey registration: create → PasskeyRegistrationSuccess',
    stateOn('PasskeyRegistrationStart'),
    { type: 'passkeyRegistered', skipped: false },
    'PasskeyRegistrationSuccess',
    (next) => expect(next.formState.errorDescriptor).toBeNull(),
  ],
  [
    'passkey registration: skip → PasskeyRegistrationSuccess',
    stateOn('PasskeyRegistrationStart'),
    { type: 'passkeyRegistered', skipped: true },
    'PasskeyRegistrationSuccess',
    () => {},
  ],
  [
    'passkey failure: the error message is stored and the screen stays',
    stateOn('PasskeyRegistrationStart'),
    { type: 'passkeyFailed', descriptor: { messageId: 'passkey_not_created', message: 'Not created.' } },
    'PasskeyRegistrationStart',
    (next) =>
      expect(next.formState.errorDescriptor).toEqual({ messageId: 'passkey_not_created', message: 'Not created.' }),
  ],
  [
    'password login success → PasswordConfirmation',
    stateOn('PasswordCreateOrLogin'),
    { type: 'passwordAuthenticated' },
    'PasswordConfirmation',
    () => {},
  ],
  [
    'login refused with reset_password: a reset email is sent → PasswordDedupe',
    stateOn('PasswordCreateOrLogin'),
    { type: 'passwordResetSent', reason: 'dedupe', email: 'ada@example.com' },
    'PasswordDedupe',
    () => {},
  ],
  [
    'login refused with breached_password: a reset email is sent → PasswordBreached',
    stateOn('PasswordCreateOrLogin'),
    { type: 'passwordResetSent', reason: 'breached', email: 'ada@example.com' },
    'PasswordBreached',
    () => {},
  ],
  [
    "'Forgot Password?' sends a reset email → PasswordForgot",
    stateOn('PasswordCreateOrLogin'),
    { type: 'passwordResetSent', reason: 'forgot', email: 'ada@example.com' },
    'PasswordForgot',
    () => {},
  ],
  [
    "'Create a password instead' sends a reset email → PasswordSetNew",
    stateOn('EmailConfirmation'),
    { type: 'passwordResetSent', reason: 'setNew', email: 'ada@example.com' },
    'PasswordSetNew',
    () => {},
  ],
  [
    'an email magic link from the password flow → EmailConfirmation',
    stateOn('PasswordCreateOrLogin'),
    { type: 'magicLinkSent', email: 'ada@example.com' },
    'EmailConfirmation',
    (next) => expect(next.formState.magicLinkState.email).toBe('ada@example.com'),
  ],
  [
    'an email code from the password flow → OTPAuthenticate',
    stateOn('PasswordCreateOrLogin'),
    { type: 'otpSent', otp: emailOtp },
    'OTPAuthenticate',
    (next) => expect(next.formState.otpState).toEqual(emailOtp),
  ],
  [
    'creating a password successfully → PasswordConfirmation',
    stateOn('PasswordCreateOrLogin', {
      formState: { ...stateOn('Main').formState, passwordState: { email: 'new@example.com', type: 'new' } },
    }),
    { type: 'passwordAuthenticated' },
    'PasswordConfirmation',
    () => {},
  ],
  [
    'the passwordless password flow is marked as running (the screen stays)',
    stateOn('EmailConfirmation'),
    { type: 'passwordlessSet', value: true },
    'EmailConfirmation',
    (next) => expect(next.isPasswordless).toBe(true),
  ],
  [
    'reset: a reset token read from the URL is stored → PasswordResetForm',
    stateOn('Main'),
    { type: 'resetTokenReceived', token: 'reset-token', tokenType: 'reset_password' },
    'PasswordResetForm',
    (next) => expect(next.formState.resetPasswordState).toEqual({ token: 'reset-token', tokenType: 'reset_password' }),
  ],
  [
    'reset: the new password is submitted → confirmation',
    stateOn('PasswordResetForm'),
    { type: 'passwordAuthenticated' },
    'PasswordConfirmation',
    () => {},
  ],
  [
    'reset: token type login authenticates directly → LoginSuccess',
    stateOn('PasswordResetForm'),
    { type: 'loginSucceeded' },
    'LoginSuccess',
    () => {},
  ],
  [
    'an emailed link whose proof reset the account → LoginSuccess, what was removed stored',
    stateOn('Main'),
    { type: 'loginSucceeded', accountReset: { identifier: 'ada@example.com', removed: ['sessions'] } },
    'LoginSuccess',
    (next) => expect(next.formState.accountReset).toEqual({ identifier: 'ada@example.com', removed: ['sessions'] }),
  ],
  [
    'a reset by email that reset the account → PasswordConfirmation, what was removed stored',
    stateOn('PasswordResetForm'),
    { type: 'passwordAuthenticated', accountReset: { identifier: 'ada@example.com', removed: ['password'] } },
    'PasswordConfirmation',
    (next) => expect(next.formState.accountReset).toEqual({ identifier: 'ada@example.com', removed: ['password'] }),
  ],
  [
    'a failure the widget shows on its own screen → Error (descriptor stored)',
    stateOn('Main'),
    { type: 'failed', descriptor },
    'Error',
    (next) => expect(next.formState.errorDescriptor).toEqual(descriptor),
  ],
  [
    'the back arrow → Main, keeping the stored emails, clearing the error and the passwordless flag',
    stateOn('Error', {
      isPasswordless: true,
      formState: { ...stateOn('Main').formState, errorDescriptor: descriptor },
    }),
    { type: 'back' },
    'Main',
    (next) => {
      expect(next.formState.errorDescriptor).toBeNull();
      expect(next.formState.magicLinkState.email).toBe('old@example.com');
      expect(next.isPasswordless).toBe(false);
    },
  ],
  [
    'Crypto: Main → CryptoConnect when a wallet is chosen (the option stored, address and challenge cleared)',
    stateOn('Main', {
      formState: { ...withWallet('Metamask', ADDRESS, CHALLENGE), errorDescriptor: descriptor },
    }),
    { type: 'cryptoWalletChosen', walletOption: 'Phantom' },
    'CryptoConnect',
    (next) => {
      expect(next.formState.cryptoState).toEqual({ walletOption: 'Phantom', walletAddress: '', walletChallenge: '' });
      expect(next.formState.errorDescriptor).toBeNull();
    },
  ],
  [
    'Crypto: CryptoConnect → CryptoSignMessage when the challenge is received (address and challenge stored)',
    stateOn('CryptoConnect', { formState: withWallet('Metamask') }),
    { type: 'cryptoChallengeReceived', walletAddress: ADDRESS, walletChallenge: CHALLENGE },
    'CryptoSignMessage',
    (next) =>
      expect(next.formState.cryptoState).toEqual({
        walletOption: 'Metamask',
        walletAddress: ADDRESS,
        walletChallenge: CHALLENGE,
      }),
  ],
  [
    'Crypto: CryptoSignMessage → CryptoConfirmation once the signature is accepted',
    stateOn('CryptoSignMessage', { formState: withWallet('Metamask', ADDRESS, CHALLENGE) }),
    { type: 'cryptoAuthenticated' },
    'CryptoConfirmation',
    (next) => {
      expect(next.formState.errorDescriptor).toBeNull();
      expect(next.formState.cryptoState.walletAddress).toBe(ADDRESS);
    },
  ],
  ...(['CryptoConnect', 'CryptoSignMessage'] as const).map(
    (screen): Row => [
      `Crypto: a failure on ${screen} → CryptoError (descriptor stored)`,
      stateOn(screen, { formState: withWallet('Metamask', ADDRESS, CHALLENGE) }),
      {
        type: 'cryptoFailed',
        descriptor: { messageId: 'crypto_sign_failed', message: '[Error] Could not sign message' },
      },
      'CryptoError',
      (next) =>
        expect(next.formState.errorDescriptor).toEqual({
          messageId: 'crypto_sign_failed',
          message: '[Error] Could not sign message',
        }),
    ],
  ),
  [
    'Crypto: the back arrow on CryptoError → Main (the error cleared, the chosen wallet kept)',
    stateOn('CryptoError', { formState: { ...withWallet('Phantom'), errorDescriptor: descriptor } }),
    { type: 'back' },
    'Main',
    (next) => {
      expect(next.formState.errorDescriptor).toBeNull();
      expect(next.formState.cryptoState.walletOption).toBe('Phantom');
    },
  ],
  [
    'navigating goes to the screen asked for and leaves the form state alone',
    stateOn('Main'),
    { type: 'navigated', screen: 'PasswordForgot' },
    'PasswordForgot',
    (next) => expect(next.formState).toEqual(stateOn('Main').formState),
  ],
];

describe('transition', () => {
  it("a composed table holds the core rows and the slices' rows; the core rows hold no product's", () => {
    for (const key of ['otpSent', 'otpAuthenticated', 'passwordUserFound', 'passkeyAuthenticated'] as const) {
      expect(CORE_TRANSITIONS).not.toHaveProperty(key);
    }
    expect(CORE_TRANSITIONS).not.toHaveProperty('authenticatedPartially');
    expect(TRANSITIONS).toBe(CORE_TRANSITIONS);
    expect(Object.isFrozen(CORE_TRANSITIONS)).toBe(true);
    expect(TABLE.otpSent).toBe(OTP_TRANSITIONS.otpSent);
    expect(TABLE.passwordResetSent).toBe(PASSWORD_TRANSITIONS.passwordResetSent);
    expect(TABLE.passkeyAuthenticated).toBe(PASSKEY_TRANSITIONS.passkeyAuthenticated);
    expect(TABLE.cryptoWalletChosen).toBe(CRYPTO_TRANSITIONS.cryptoWalletChosen);
    expect(TABLE.magicLinkSent).toBe(CORE_TRANSITIONS.magicLinkSent);
    // Composing never changes what it composes.
    expect(composeTransitions().otpSent).toBeUndefined();
  });

  it("holds the rows every store has from the products' descriptors, and composes 'Try again' from their parts", () => {
    // The magic link (the password flow sends one too) and the reset link (read on any page) are descriptor rows.
    expect(CORE_TRANSITIONS.magicLinkSent).toBe(SIGN_IN_PRODUCTS.emailMagicLinks.rows?.magicLinkSent);
    expect(CORE_TRANSITIONS.resetTokenReceived).toBe(SIGN_IN_PRODUCTS.passwords.rows?.resetTokenReceived);
    expect(composeTransitions().resetTokenReceived).toBe(CORE_TRANSITIONS.resetTokenReceived);
    const form = {
      ...stateOn('EmailConfirmation').formState,
      passwordState: { email: 'user@example.com', type: 'new' as const },
    };
    expect(CORE_TRANSITIONS.tryAgain.store?.({ type: 'tryAgain' }, form)).toEqual({
      ...SIGN_IN_PRODUCTS.emailMagicLinks.tryAgain?.(form),
      ...SIGN_IN_PRODUCTS.passwords.tryAgain?.(form),
    });
    expect(SIGN_IN_PRODUCTS.passwords.tryAgain?.(form)).toEqual({ passwordState: { email: '', type: 'new' } });
    expect(SIGN_IN_PRODUCTS.emailMagicLinks.tryAgain?.(form)).toEqual({ magicLinkState: { email: '' } });
  });

  it('leaves the state unchanged for an event its table has no row for', () => {
    const from = stateOn('Main');
    const next = transition(from, { type: 'passwordResetSent', reason: 'forgot', email: 'ada@example.com' });
    expect(next).toBe(from);
    expect(transition(from, { type: 'authenticatedPartially' }, composeTransitions(PASSWORD_TRANSITIONS))).toBe(from);
    expect(isAwaiting(stateOn('OTPAuthenticate'), 'otpSent')).toBe(false);
  });

  it('a partial authentication leads to the second factor a table holds', () => {
    const next = transition(stateOn('PasswordCreateOrLogin'), { type: 'authenticatedPartially' }, TABLE);
    expect(next.screen).toBe('TotpAuthenticate');
    expect(isAuthenticatedPartially({ intermediate_session_token: 'ist', session_token: '' })).toBe(true);
    expect(isAuthenticatedPartially({ intermediate_session_token: 'ist', session_token: 'st' })).toBe(false);
    expect(isAuthenticatedPartially({ intermediate_session_token: '' })).toBe(false);
    expect(isAuthenticatedPartially(null)).toBe(false);
  });

  it.each(ROWS)('%s', (_description, from, event, to, expected) => {
    const before = structuredClone(from);
    const next = transition(frozen(from), event, TABLE);
    expect(next.screen).toBe(to);
    expected(next);
    // Pure: the input state is unchanged.
    expect(from).toEqual(before);
  });

  it('leaves the form parts an event does not concern as they were', () => {
    const from = stateOn('Main');
    const next = transition(from, { type: 'otpSent', otp: sms }, TABLE);
    expect(next.formState.magicLinkState).toBe(from.formState.magicLinkState);
    expect(next.formState.passwordState).toBe(from.formState.passwordState);
  });

  it('tells the flow hooks which step is on screen without their naming a screen', () => {
    expect(isAwaiting(stateOn('EmailConfirmation'), 'magicLinkSent')).toBe(true);
    expect(isAwaiting({ ...stateOn('OTPAuthenticate'), transitions: TABLE }, 'otpSent')).toBe(true);
    expect(isAwaiting({ ...stateOn('Main'), transitions: TABLE }, 'otpSent')).toBe(false);
    // isShowing asks the store's own table only: no core row stands in for one the store lacks.
    expect(isShowing({ screen: 'OTPAuthenticate', transitions: TABLE }, 'otpSent')).toBe(true);
    expect(isShowing({ screen: 'OTPAuthenticate', transitions: composeTransitions() }, 'otpSent')).toBe(false);
  });
});

const CONFIG_ERRORS: [string, SignInConfig, string | null][] = [
  ['the default configuration (magic links)', {}, null],
  [
    'magic links and email passcodes',
    { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } },
    EML_AND_EMAIL_OTP_ERROR,
  ],
  [
    'magic links and text-message passcodes',
    { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } },
    null,
  ],
  [
    'email passcodes without the otp product',
    { products: ['emailMagicLinks'], otpOptions: { methods: ['email'] } },
    null,
  ],
  ['passkeys alone', { products: ['passkeys'] }, PASSKEYS_ALONE_ERROR],
  ['passkeys with magic links', { products: ['passkeys', 'emailMagicLinks'] }, null],
  ['passkeys twice, alone', { products: ['passkeys', 'passkeys'] }, PASSKEYS_ALONE_ERROR],
  [
    'an option for passkeys (the spec gives them none)',
    { products: ['passkeys', 'emailMagicLinks'], passkeyOptions: {} } as never,
    "Error: Unknown configuration option 'passkeyOptions'.",
  ],
  ['social sign-in with magic links', { products: ['oauth', 'emailMagicLinks'] }, null],
  [
    'social sign-in with a provider outside the 19 (kept, unlabelled)',
    { products: ['oauth'], oauthOptions: { providers: [{ type: 'myspace' }] } },
    null,
  ],
  [
    'a misspelt social sign-in option',
    { products: ['oauth'], oauthOptions: { provider: [] } as never },
    "Error: Unknown configuration option 'oauthOptions.provider'.",
  ],
  ['crypto wallets alone (the spec names no error for them)', { products: ['crypto'] }, null],
  ['crypto wallets with magic links', { products: ['crypto', 'emailMagicLinks'] }, null],
  [
    'a misspelt product',
    { products: ['emailMagicLink' as never] },
    "Error: Unknown product 'emailMagicLink' in products. Use otp, emailMagicLinks, passwords, passkeys, oauth, crypto.",
  ],
  [
    'a misspelt option',
    { emailMagicLinkOptions: {} } as SignInConfig,
    "Error: Unknown configuration option 'emailMagicLinkOptions'.",
  ],
  [
    'a misspelt product option',
    { products: ['otp'], otpOptions: { methods: ['sms'], expirationMinute: 3 } as never },
    "Error: Unknown configuration option 'otpOptions.expirationMinute'.",
  ],
  [
    'an unknown passcode method',
    { products: ['otp'], otpOptions: { methods: ['telegram' as never] } },
    "Error: Unknown passcode method 'telegram' in otpOptions.methods.",
  ],
  [
    'the phone countries, known codes',
    { products: ['otp'], otpOptions: { methods: ['sms'], countries: ['GB', 'IE'] } },
    null,
  ],
  [
    'phone countries the phone form does not know (left out there, with a warning: no check in the first load)',
    { products: ['otp'], otpOptions: { methods: ['sms'], countries: ['gb', 'UK'] } },
    null,
  ],
  ['an empty product list (the default, magic links)', { products: [] }, null],
  ['passwords and email passcodes', { products: ['passwords', 'otp'], otpOptions: { methods: ['email'] } }, null],
];

describe('configuration errors', () => {
  it.each(CONFIG_ERRORS)('%s', (_name, config, error) => {
    expect(signInConfigError(resolveSignInConfig(config), config)).toBe(error);
  });
});
