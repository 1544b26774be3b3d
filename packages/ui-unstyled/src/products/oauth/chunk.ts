// The social sign-in product's lazy chunk, fetched only when `oauth` is configured: Main's social block with the
// hooks' `useOAuth` and `useGoogleOneTap` (MainScreen.tsx). Each provider's icon is a further chunk of its own
// (ProviderIcon.tsx), so a page downloads only its configured providers' icons. The product has no screens.

/** The product's texts (its block renders inside them). */
export { oauthMessages as messages } from './messages';
export { SocialSignIn } from './SocialSignIn/SocialSignIn';

/** The product's screens by name: none (the provider's page, then the redirect URL, follow the block). */
export const screens = {};

/** The code every lazy chunk shares (screens/shared/chunkRuntime.ts). */
export { CHUNK_RUNTIME } from '../../screens/shared/chunkRuntime';
