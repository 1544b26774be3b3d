import { defineSecondFactor } from '../defineProduct';

// A second factor, not a sign-in product of SIGN_IN_PRODUCTS (no Main-screen block, no `config.products` key): the
// TOTP screens are the second step of whichever first factor the widget offers, reached by the
// `authenticatedPartially` row its transitions bring when the project requires a second factor.

/** Authenticator apps (TOTP) and their recovery codes: the multi-factor sign-in's second step, and enrolment. */
export const totpProduct = defineSecondFactor({
  kind: 'secondFactor',
  key: 'totp',
  /** The SDK namespaces its hooks call (`session` and `webauthn`: a passkey as the second factor). */
  sdkNamespaces: ['totps', 'user', 'session', 'webauthn'],
  loadTransitions: () => import('./transitions').then((rows) => rows.TOTP_TRANSITIONS),
});

// Its screens join the widget's `Screen` by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface ScreenRegister {
    TotpAuthenticate: true;
    TotpRecoveryCode: true;
  }
}
