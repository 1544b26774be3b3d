import { currentSession, sessionEmail } from '../../../lib/session';

/**
 * `GET /api/me`: the caller's session as JSON, or 401 without a valid one (no cookie, an expired or forged JWT, a
 * session cookie sent twice with different values). It reads the `request` (its Cookie header), not the `cookies()`
 * store, which would hide a duplicate. The proxy does not guard `/api`: a route handler answers for itself, with a
 * status code rather than a redirect.
 */
// A signed-in visitor's data, and whether one is signed in: never from a shared cache (a CDN that gives answers without
// Cache-Control a default lifetime, and leaves cookies out of its key, would serve one visitor's answer to everyone).
const PRIVATE = { 'cache-control': 'private, no-store' };

export async function GET(request: Request) {
  let session: Awaited<ReturnType<typeof currentSession>>;
  try {
    session = await currentSession(request);
  } catch {
    return Response.json(
      { error: 'unavailable', message: 'The sign-in provider cannot be reached.' },
      { status: 503, headers: PRIVATE },
    );
  }
  if (!session) {
    return Response.json(
      { error: 'unauthenticated', message: 'Sign in to use this API.' },
      { status: 401, headers: PRIVATE },
    );
  }
  return Response.json(
    {
      userId: session.userId,
      sessionId: session.sessionId,
      email: sessionEmail(session),
      expiresAt: session.session.expires_at,
      authenticationFactors: session.session.authentication_factors,
      roles: session.session.roles,
    },
    { headers: PRIVATE },
  );
}
