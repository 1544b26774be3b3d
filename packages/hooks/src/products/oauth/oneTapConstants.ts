// One Tap's numbers and error texts, in one place (a kit's message
// catalogue can import them without the One Tap hook).

/** Where Google's One Tap script is loaded from by default (`useGoogleOneTap({ scriptUrl })` replaces it). */
export const GOOGLE_ONE_TAP_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
/** The embedded prompt's container height before Google reports one. */
export const ONE_TAP_DEFAULT_HEIGHT_PX = 47;
/** The embedded container's size changes are reported at most once per this many milliseconds. */
export const ONE_TAP_RESIZE_DEBOUNCE_MS = 100;
/** Projects whose public token starts with this are test projects: only they see the developer explanation. */
export const TEST_PUBLIC_TOKEN_PREFIX = 'public-token-test-';

/**
 * The One Tap developer errors, by the reason Google's prompt or the provider gives: origin not allowed, invalid
 * client, no OAuth client configured (Google's `missing_client_id` or the provider's `oauth_config_not_found`), no
 * login or signup redirect URLs set, the default provider (google) not allowed.
 */
export const ONE_TAP_DEVELOPER_ERRORS = [
  'unregistered_origin',
  'invalid_client',
  'missing_client_id',
  'oauth_config_not_found',
  'no_redirect_urls_set',
  'oauth_provider_not_allowed',
] as const;
/** One of `ONE_TAP_DEVELOPER_ERRORS`. */
export type OneTapDeveloperError = (typeof ONE_TAP_DEVELOPER_ERRORS)[number];

/** The text shown when One Tap cannot load: 'One Tap could not load: {reason}'. */
export function oneTapLoadError(reason: string): string {
  return `One Tap could not load: ${reason}`;
}
