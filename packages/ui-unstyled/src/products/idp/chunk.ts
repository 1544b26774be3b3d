// The identity-provider chunk, fetched only by `<IdentityProvider>` (no product kit lists it, so `<SignIn>`'s screen
// look-up never reaches it): IDPConsent's two flows, the consent screen and the logout confirmation, their texts,
// and Radix's Collapsible, which only the consent items use.

/**
 * The code every lazy chunk shares (screens/shared/chunkRuntime.ts): `<IdentityProvider>` has it in its first load
 * already, and a sign-in page's bundle, where esbuild writes this chunk too, then keeps it in one file.
 */
export { CHUNK_RUNTIME } from '../../screens/shared/chunkRuntime';
export { IDPConsentScreen } from './IDPConsent/IDPConsentScreen';
export { IDPLogoutScreen } from './IDPLogout/IDPLogoutScreen';
export { idpMessages as messages } from './messages';
