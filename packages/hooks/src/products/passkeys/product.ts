import { defineProduct } from '../defineProduct';
import { PASSKEYS_ALONE_ERROR } from './configError';

// In every first load (the registry lists it), so it holds only what the store and the kits read before the
// passkey chunk arrives: no options (the spec gives passkeys none), no tabs, and its `aloneError` (passkeys alone is
// refused by `signInConfigError` before any other rule).

/** Passkeys: 'Login with a Passkey' (or autofill on the email field) on Main, registration after login. */
export const passkeysProduct = defineProduct({
  key: 'passkeys',
  block: 'passkey',
  tabs: () => [],
  aloneError: PASSKEYS_ALONE_ERROR,
  sdkNamespaces: ['webauthn', 'user'],
});

// Its screens join the widget's `Screen` by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface ScreenRegister {
    PasskeyRegistrationStart: true;
    PasskeyRegistrationSuccess: true;
    PasskeyConfirmation: true;
  }
}

// Its event joins `LatchkeyEventType` by declaration merging.
declare module '@latchkey/hooks' {
  interface LatchkeyEventTypeRegister {
    PASSKEY_AUTHENTICATE: true;
  }
}

// Its part of the flow state, by declaration merging: the passkey the last 'Create a Passkey' made (null or absent
// after 'Skip'), so PasskeyRegistrationSuccess says 'Passkey successfully created!' only while that passkey exists.
declare module '@latchkey/hooks' {
  interface FormState {
    passkeyCreatedId?: string | null;
  }
}
