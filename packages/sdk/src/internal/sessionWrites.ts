import type { User } from '../contract/common';
import { SessionCookieWriter } from './sessionCookieWriter';
import type { SessionManager, SessionUpdate } from './sessionManager';

// What changes the local session: its cookies, and the state the session manager stores and announces to the other
// tabs. A page that never signs in does not download it: the calls that sign in, refresh or sign out import it (each a
// lazily loaded chunk), and `session.updateSession` loads it on its call. The session manager (./sessionManager) reads
// and follows the other tabs from the first load. Nothing here imports a module of the first load (it takes what it
// needs from the manager): esbuild would move such a module into a chunk of its own, one more file on every page.

/** Each manager's cookie writer, made on its first write. */
const writers = new WeakMap<SessionManager, SessionCookieWriter>();

function cookiesOf(manager: SessionManager): SessionCookieWriter {
  let writer = writers.get(manager);
  if (!writer) {
    const { environment, cookieOptions, stateKey } = manager.config;
    writer = new SessionCookieWriter(environment, cookieOptions, stateKey, manager.cookieParts);
    writers.set(manager, writer);
  }
  // Whatever this write does supersedes tokens `updateSession` left waiting for this code.
  manager.pendingTokens = undefined;
  return writer;
}

/**
 * Stores the session and user of an authenticate answer (any call that returns a session). Cookies are written only
 * when both tokens are non-empty; otherwise (opaque/HttpOnly mode) the JS cookies go and the state is still stored.
 * `sessionDurationMinutes` is the request's, remembered when it is a number. An intermediate session (a first factor
 * still waiting for its second) is no session and is not stored: the lazily loaded `call` keeps its token with
 * `setIntermediateSessionToken` and leaves the tab signed out, and `session.authenticate` (the provider answers the
 * pending sign-in of a request that carries only its cookie) returns it untouched.
 */
export function applyAuthenticateResponse(
  manager: SessionManager,
  update: SessionUpdate,
  sessionDurationMinutes?: unknown,
): void {
  if (update.intermediate_session_token && !update.session_token) return;
  const cookies = cookiesOf(manager);
  if (update.session_token && update.session_jwt) {
    cookies.writeSession(update.session_token, update.session_jwt, update.session.expires_at);
  } else {
    cookies.removeSession();
  }
  if (typeof sessionDurationMinutes === 'number') manager.sessionDurationMinutes = sessionDurationMinutes;
  manager.confirmedAt = manager.config.environment.timers.now();
  manager.write(manager.keys.refreshedAt, String(manager.confirmedAt));
  manager.store({ session: update.session, user: update.user });
}

/**
 * Replaces the stored user (after a call that changes it). Without a session there is nothing to update, and a user
 * other than the session's (an answer for a session another tab has since replaced) is not stored with it.
 */
export function updateUser(manager: SessionManager, user: User): void {
  const session = manager.getSession();
  if (session?.user_id === user.user_id) manager.store({ session, user }, false);
}

/**
 * Stores an intermediate session token for 10 minutes; it replaces the session cookies. Subscribers get a new
 * snapshot (same session and user), so whoever reads the pending sign-in from the cookie reads it again.
 */
export function setIntermediateSessionToken(manager: SessionManager, token: string): void {
  cookiesOf(manager).writeIntermediate(token);
  manager.renotify();
}

/** Signs out locally in every tab: cookies removed everywhere, state `null` in storage, subscribers told. */
export function clearSession(manager: SessionManager): void {
  cookiesOf(manager).removeAll();
  manager.confirmedAt = undefined;
  try {
    manager.config.environment.storage.removeItem(manager.keys.refreshedAt);
  } catch {
    // Storage blocked: the state below still says signed out.
  }
  manager.store(null);
}

/**
 * Writes the tokens `session.updateSession` gave into the cookies, unless a sign-in, a sign-out or a later
 * `updateSession` came first (`manager.pendingTokens` is then no longer these tokens).
 */
export function writeTokens(manager: SessionManager, tokens: NonNullable<SessionManager['pendingTokens']>): void {
  if (manager.pendingTokens !== tokens) return;
  cookiesOf(manager).writeSession(tokens[0], tokens[1], manager.getSession()?.expires_at);
}
