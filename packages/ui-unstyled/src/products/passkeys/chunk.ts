// The passkey product's lazy chunk: Main's passkey block and its three screens, in one download fetched only
// when `passkeys` is configured (or `<PasskeyRegistration>` renders). The SDK loads @simplewebauthn/browser on the
// first ceremony (its `loadWebAuthn`), in a chunk of its own.

export { PasskeyLoginForm } from './PasskeyLogin';

import { PasskeyConfirmationScreen } from './PasskeyConfirmation/PasskeyConfirmationScreen';
import { PasskeyRegistrationStartScreen } from './PasskeyRegistrationStart/PasskeyRegistrationStartScreen';
import { PasskeyRegistrationSuccessScreen } from './PasskeyRegistrationSuccess/PasskeyRegistrationSuccessScreen';

/** The product's texts (its screens and block render inside them). */
export { passkeyMessages as messages } from './messages';
export { PasskeyConfirmationScreen, PasskeyRegistrationStartScreen, PasskeyRegistrationSuccessScreen };

/** The product's screens by name (the screen loaders pick from this, see kit.ts). */
export const screens = {
  PasskeyConfirmation: PasskeyConfirmationScreen,
  PasskeyRegistrationStart: PasskeyRegistrationStartScreen,
  PasskeyRegistrationSuccess: PasskeyRegistrationSuccessScreen,
};
