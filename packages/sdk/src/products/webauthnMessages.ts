/** Logged when passkey autofill (conditional mediation) is unavailable. */
export const NO_WEBAUTHN_AUTOFILL_WARNING = 'This browser does not support WebAuthn autofill (conditional mediation).';

/** Logged when autofill sign-in starts on a page with no input the browser can offer passkeys in. */
export const NO_WEBAUTHN_INPUT_WARNING =
  'No input with a "webauthn" autocomplete value was found: passkey autofill needs one, e.g. <input autocomplete="username webauthn">.';
