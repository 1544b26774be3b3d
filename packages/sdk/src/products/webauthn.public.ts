// What the WebAuthn namespace adds to `@latchkey/sdk` (the generated src/products/public.ts re-exports it).
export * from './webauthnMessages';

/** The part of `@simplewebauthn/browser` the SDK uses. */
export type WebAuthnBrowser = Pick<
  typeof import('@simplewebauthn/browser'),
  | 'startRegistration'
  | 'startAuthentication'
  | 'browserSupportsWebAuthnAutofill'
  | 'browserSupportsWebAuthn'
  | 'WebAuthnAbortService'
>;

// What the WebAuthn namespace takes from the platform joins the environment by declaration merging.
declare module '@latchkey/sdk' {
  interface LatchkeyEnvironment {
    /**
     * Loads the WebAuthn browser library on demand (`@simplewebauthn/browser`), so it is not in the first chunk
     * (the default environment's is PRODUCT_ENVIRONMENT (src/products/startupParts.ts)).
     */
    loadWebAuthn(): Promise<WebAuthnBrowser>;
  }
}
