// The server side: one `@latchkey/server` instance for the pages, the route handlers and the proxy. It verifies
// the session JWT cookie (`stytch_session_jwt`, written by the SDK in the browser) against the provider's
// published keys; after the first request the keys are cached, so a check costs no network call.
import { createLatchkeyServer, isLatchkeyServerError, type VerifiedSession } from '@latchkey/server';
import { PROJECT_ID, PROVIDER_URL } from './config';

export const latchkey = createLatchkeyServer({ providerUrl: PROVIDER_URL, projectId: PROJECT_ID });

/**
 * The visitor's verified session, or null when signed out: no JWT cookie, or one that does not verify (expired,
 * forged, another project's), or a session cookie sent twice with different values (`ambiguous_session_cookie`:
 * another subdomain may have set its own copy for the parent domain). A provider that cannot be reached
 * (`unavailable`) or that limits us (`rate_limited`) says nothing about the visitor, so those errors are thrown,
 * not taken for "signed out".
 *
 * It takes the request's headers (`await headers()` from 'next/headers', or the `request` of the proxy or a route
 * handler), not the `cookies()` store: the store keeps one copy of each name, so it would hide a duplicate.
 */
export async function currentSession(source: Request | Headers): Promise<VerifiedSession | null> {
  try {
    return await latchkey.sessionFromCookies(source);
  } catch (error) {
    if (isLatchkeyServerError(error) && error.code !== 'unavailable' && error.code !== 'rate_limited') return null;
    throw error;
  }
}

/** The email address the session was started with (its email passcode or magic link factor), if any. */
export function sessionEmail(session: VerifiedSession): string | null {
  for (const factor of session.session.authentication_factors) {
    if (factor.email_factor?.email_address) return factor.email_factor.email_address;
  }
  return null;
}
