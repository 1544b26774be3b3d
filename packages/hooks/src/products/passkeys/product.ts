import type { LazyNamespace } from '@latchkey/sdk';
import type { Screen } from '../../signInStore';
import { PLANNED_PRODUCTS } from '../registry';

// Not a `defineProduct` entry of SIGN_IN_PRODUCTS yet: the kits have no passkey screens, so `<SignIn>` still
// refuses `passkeys` as a product that is not available (registry.ts keeps it in PLANNED_PRODUCTS) and the hooks
// below are used standalone. When the screens exist this becomes a full descriptor and moves into the registry.

/** Passkeys: a 'Login with a Passkey' button or autofill on the email field, registration after login. */
export const passkeysProduct = {
  key: 'passkeys',
  /** Its Main-screen block (the button above the others; none when autofill on the email form replaces it). */
  block: PLANNED_PRODUCTS.passkeys,
  screens: ['PasskeyRegistrationStart', 'PasskeyRegistrationSuccess', 'PasskeyConfirmation'] as readonly Screen[],
  /** The SDK namespaces its hooks call (`client.preload(...)` warms them). */
  sdkNamespaces: ['webauthn', 'user'] as readonly LazyNamespace[],
} as const;

/** Spec §9: passkey autofill is re-armed after a failure this many times. */
export const PASSKEY_AUTOFILL_RETRIES = 5;
