export type { AuthenticateByUrlResult, ClientOptions, InitialSession, LatchkeyClient, LazyNamespace } from './client';
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
export type { AuthenticateTokenType, AuthenticateUrlToken } from './internal/authenticateUrl';
export { parseAuthenticateUrl, urlWithoutToken } from './internal/authenticateUrl';
export { DEFAULT_LIVE_API_URL, DEFAULT_TEST_API_URL } from './internal/baseUrl';
export { DEFAULT_BOOTSTRAP } from './internal/bootstrap';
export type { CaptchaProvider, DfpProvider } from './internal/context';
export { TELEMETRY_BATCH_SIZE, TELEMETRY_FLUSH_INTERVAL_MS } from './internal/eventLogger';
export type { ProofKeyPair } from './internal/pkce';
export { computeCodeChallenge, createProofKeyPair } from './internal/pkcePublic';
export type { PermissionsMap } from './internal/rbac';
export { RBAC_POLICY_UNAVAILABLE_MESSAGE } from './internal/rbac';
export {
  BACKOFF_BASE_MS,
  BACKOFF_EXPONENT_CAP,
  backoffDelay,
  JITTER_MS,
  REFRESH_INTERVAL_MS,
} from './internal/refreshTiming';
export { INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS } from './internal/sessionCookies';
export type { CookieOptions, SessionSnapshot } from './internal/sessionManager';
export * from './products/public';
export type {
  SessionAuthenticateOptions,
  SessionInfo,
  SessionNamespace,
  SessionRevokeOptions,
  SessionUpdateTokens,
} from './products/session';
export type { UserInfo } from './products/user';
export { E164_PATTERN, EMAIL_PATTERN } from './validation';
export { SDK_VERSION } from './version';
