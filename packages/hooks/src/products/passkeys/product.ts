import { defineProduct } from '../defineProduct';

// In every first load (the registry lists it), so it holds only what the store and the kits read before the
// passkey chunk arrives: no options (the spec gives passkeys none), no tabs, no configuration error of its own
// (passkeys alone is refused by `signInConfigError` before any product rule).

/** Passkeys: 'Login with a Passkey' (or autofill on the email field) on Main, registration after login. */
export const passkeysProduct = defineProduct({
  key: 'passkeys',
  block: 'passkey',
  tabs: () => [],
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
