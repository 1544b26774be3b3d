export type {
  CookieSource,
  CookieStore,
  SessionCookieNames,
  SessionCookies,
} from './cookies';
export { DEFAULT_COOKIE_NAMES, parseCookie, readSessionCookies } from './cookies';
export type {
  AuthenticateSessionOptions,
  LatchkeyServer,
  LatchkeyServerOptions,
} from './createLatchkeyServer';
export { createLatchkeyServer } from './createLatchkeyServer';
export type { LatchkeyServerErrorCode, LatchkeyServerErrorOptions } from './errors';
export { isLatchkeyServerError, LatchkeyServerError } from './errors';
export type {
  AuthenticatedSession,
  AuthenticationFactor,
  Session,
  SessionClaim,
  SessionJwtClaims,
  User,
  VerifiedSession,
} from './types';
export { SESSION_CLAIM } from './types';
