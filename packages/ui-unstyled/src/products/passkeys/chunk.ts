// The passkey product's lazy chunk, fetched only when `passkeys` is configured (or `<PasskeyRegistration>`
// renders): Main's passkey block and PasskeyConfirmation, with the registration screens one more lazy chunk
// (registrationScreens.ts) that only `<PasskeyRegistration>` fetches. The SDK loads @simplewebauthn/browser at the
// first ceremony (its `loadWebAuthn`), in a chunk of its own.
import { lazy } from 'react';
import { PasskeyConfirmationScreen } from './PasskeyConfirmation/PasskeyConfirmationScreen';

/** The product's texts (its screens and block render inside them). */
export { passkeyMessages as messages } from './messages';
export { PasskeyLoginForm } from './PasskeyLogin';
export { PasskeyConfirmationScreen };

// (Not `loadOnce`: importing defineProductKit here would split it out of the entry chunk into a first-load file.)
const loadRegistrationScreens = () => import('./registrationScreens');

/** The product's screens by name (the screen loaders pick from this, see kit.ts). */
export const screens = {
  PasskeyConfirmation: PasskeyConfirmationScreen,
  PasskeyRegistrationStart: lazy(async () => ({
    default: (await loadRegistrationScreens()).PasskeyRegistrationStartScreen,
  })),
  PasskeyRegistrationSuccess: lazy(async () => ({
    default: (await loadRegistrationScreens()).PasskeyRegistrationSuccessScreen,
  })),
};

/** The code every lazy chunk shares (screens/shared/chunkRuntime.ts). */
export { CHUNK_RUNTIME } from '../../screens/shared/chunkRuntime';
