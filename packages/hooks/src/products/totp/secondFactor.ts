// Is the sign-in waiting for its second factor? After a first factor, a project that requires a second one answers
// with an intermediate session: the SDK keeps its token in the `stytch_intermediate_session_token` cookie (ten
// minutes), writes no session cookie, and a same-site browser sends the token back with the second factor.
import type { LatchkeyClient } from '@latchkey/sdk';

/** The SDK's default name of the intermediate session token cookie (`cookieOptions.istCookieName` changes it). */
export const INTERMEDIATE_SESSION_COOKIE = 'stytch_intermediate_session_token';

/**
 * True while the SDK holds an intermediate session token and no session tokens: the first factor was accepted and
 * a TOTP code (or a recovery code) must complete the sign-in. `cookieName`: the client's `istCookieName`, if set.
 * Always false outside a browser.
 */
export function isSecondFactorPending(client: LatchkeyClient, cookieName = INTERMEDIATE_SESSION_COOKIE): boolean {
  if (typeof document === 'undefined' || client.session.getTokens() !== null) return false;
  return document.cookie.split(';').some((pair) => {
    const [name, value] = pair.trim().split('=');
    return name === cookieName && value !== undefined && value !== '';
  });
}
