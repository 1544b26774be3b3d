// The identity-provider chunk, fetched only by `<IdentityProvider>` (no product kit lists it, so `<SignIn>`'s screen
// look-up never reaches it): IDPConsent's two flows, the consent screen and the logout confirmation, their texts,
// and Radix's Collapsible, which only the consent items use.
export { IDPConsentScreen } from './IDPConsent/IDPConsentScreen';
export { IDPLogoutScreen } from './IDPLogout/IDPLogoutScreen';
export { idpMessages as messages } from './messages';
