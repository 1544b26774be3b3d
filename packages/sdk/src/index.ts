export type { ClientOptions, LatchkeyClient } from './client';
export { createClient } from './client';
export type * from './contract/index';
export type {
  BroadcastChannelLike,
  CookieAttributes,
  CookieJar,
  KeyValueStorage,
  LatchkeyEnvironment,
  LockManagerLike,
  StorageChange,
  Timers,
} from './environment';
export { documentCookieJar, memoryCookieJar, memoryStorage } from './environment';
export * from './errors';
export { DEFAULT_LIVE_API_URL, DEFAULT_TEST_API_URL } from './internal/baseUrl';
export { DEFAULT_BOOTSTRAP } from './internal/bootstrap';
export type { CaptchaProvider, DfpProvider } from './internal/context';
export type { ProofKeyPair } from './internal/pkce';
export { computeCodeChallenge, createProofKeyPair } from './internal/pkce';
export type { CookieOptions, SessionSnapshot } from './internal/sessionManager';
export { E164_PATTERN, EMAIL_PATTERN } from './validation';
export { SDK_VERSION } from './version';
