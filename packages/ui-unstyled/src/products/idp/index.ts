// The identity-provider screens (public exports): IDPConsent's consent screen and logout confirmation, their parts,
// hooks, texts and the consent manifest. `<IdentityProvider>` (./IdentityProvider.tsx) loads them lazily.
export * from './IDPConsent/IDPConsentScreen';
export * from './IDPLogout/IDPLogoutScreen';
export * from './IdentityProvider';
export { type IdpScreenOptions, IdpScreenOptionsProvider, useIdpScreenOptions } from './idpScreenOptions';
export * from './manifest';
export * from './messages';
