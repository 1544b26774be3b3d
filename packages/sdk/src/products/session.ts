import type { Session } from '../contract/common';
import type { SessionsAuthenticateRequest, SessionsAuthenticateResponse, SessionTokens } from '../contract/sessions';
import { INVALID_RESPONSE_MESSAGES, InvalidResponseError, isUnrecoverableError } from '../errors';
import type { CoreContext } from '../internal/context';
import { isPlainObject } from '../internal/isPlainObject';
import type { SessionUpdate } from '../internal/sessionManager';
import { isSameSession } from '../internal/sessionState';
import { validate } from '../validation';
import type { create as createSessionCalls } from './sessionCalls';

/** Options of `session.authenticate`: a duration extends the session to that many minutes from now. */
export type SessionAuthenticateOptions = SessionsAuthenticateRequest;

/** Options of `session.revoke`. */
export interface SessionRevokeOptions {
  /** Clear the local session even when the provider could not be told (offline, server error). */
  forceClear?: boolean;
}

/** `session.getInfo()`: the session and whether it still comes from the cache. */
export interface SessionInfo {
  session: Session | null;
  fromCache: boolean;
}

/** Tokens from another sign-in (a backend SDK) for `session.updateSession`. */
export interface SessionUpdateTokens {
  session_token: string;
  session_jwt?: string;
}

/** What the core of `client.session` needs: it is built by `createClient`, before any namespace loads. */
export type SessionCoreContext = Pick<CoreContext, 'session' | 'network' | 'keepSessionAlive'>;

/** The body of the background refresh: `{}`, or the last authentication's duration with `keepSessionAlive`. */
export function backgroundRefreshOptions(ctx: SessionCoreContext): SessionAuthenticateOptions {
  const minutes = ctx.session.sessionDurationMinutes;
  return ctx.keepSessionAlive && minutes !== undefined ? { session_duration_minutes: minutes } : {};
}

/**
 * The part of `client.session` in the core: the synchronous readers, `updateSession` and `authenticate` (the
 * background refresh runs it from start-up; what stores its answer loads while it is in flight). `revoke`,
 * `exchangeAccessToken` and `attest` load on first call (`createSessionCalls`).
 */
export function createSessionCore(ctx: SessionCoreContext) {
  const manager = ctx.session;
  // Which session this tab holds: an answer for another one must not overwrite it.
  const identity = () => `${manager.getSession()?.session_id ?? ''}\n${manager.getSessionToken() ?? ''}`;

  async function authenticate(options?: SessionAuthenticateOptions): Promise<SessionsAuthenticateResponse> {
    validate('session.authenticate')
      .isOptionalObject('options', options)
      .isOptionalNumber('session_duration_minutes', options?.session_duration_minutes);
    const body: Record<string, unknown> = { ...options };
    // What stores the answer loads while the request is in flight (a chunk of its own, which a signed-out page never
    // needs): the start-up check of a tab that holds a session still goes out at once.
    const writes = import('../internal/sessionWrites');
    writes.catch(() => {});
    // When the session changes while the call is in flight (another tab signed in or out),
    // the answer is about the old session; ask again, once, with the new one.
    for (let attempt = 1; ; attempt++) {
      const before = identity();
      const isLastAttempt = attempt === 2;
      let data: Record<string, unknown>;
      try {
        // The answer's `__user` is not returned.
        const { __user: _user, ...answer } = await ctx.network.request<Record<string, unknown>>({
          method: 'POST',
          path: '/sessions/authenticate',
          body,
        });
        data = answer;
      } catch (error) {
        // Awaited before the comparison, so that nothing changes between it and the write.
        const loaded = await writes.catch(() => undefined);
        if (identity() !== before) {
          if (isLastAttempt) throw error;
          continue;
        }
        if (isUnrecoverableError(error)) loaded?.clearSession(manager);
        throw error;
      }
      const { applyAuthenticateResponse } = await writes;
      if (identity() !== before && !isLastAttempt) continue;
      if (!isPlainObject(data.session) || !isPlainObject(data.user)) {
        // Never sign the user out because an answer lacked its session.
        throw new InvalidResponseError(INVALID_RESPONSE_MESSAGES.invalidResponse);
      }
      if (identity() === before) {
        applyAuthenticateResponse(manager, data as unknown as SessionUpdate, body.session_duration_minutes);
      }
      return data as unknown as SessionsAuthenticateResponse;
    }
  }

  return {
    /** The session held by this tab, or null. Synchronous: no request. */
    getSync(): Session | null {
      return manager.getSession();
    },
    /** The session and whether it comes from the cache, not yet confirmed by the provider. */
    getInfo(): SessionInfo {
      return { session: manager.getSession(), fromCache: manager.getSnapshot().fromCache };
    },
    /** Both tokens from their cookies, or null (signed out, or opaque/HttpOnly mode). */
    getTokens(): SessionTokens | null {
      return manager.getTokens();
    },
    /** Calls `callback(session)` when the session changes (not `last_accessed_at` alone); returns the unsubscribe. */
    onChange(callback: (session: Session | null) => void): () => void {
      validate('session.onChange').rule(typeof callback === 'function', 'callback must be a function');
      let previous = manager.getSnapshot();
      return manager.subscribe((snapshot) => {
        const changed = previous.fromCache || !isSameSession(previous.session, snapshot.session);
        previous = snapshot;
        if (changed) callback(snapshot.session);
      });
    },
    /** For `useSyncExternalStore`: called after each change of `getSnapshot()`. */
    subscribe: manager.subscribe,
    /** `{session, user, fromCache}`, the same object until it changes. */
    getSnapshot: manager.getSnapshot,
    /**
     * For `useSyncExternalStore`'s `getServerSnapshot`: the session the server rendered (`initialSession`, else null),
     * unconfirmed. The same object every time; use it while hydrating server-rendered HTML.
     */
    getServerSnapshot: manager.getServerSnapshot,
    /**
     * `POST /sessions/authenticate`: confirms (and with a duration, extends) the session and stores the answer.
     * An unrecoverable error type clears the local session before it is rethrown.
     */
    authenticate,
    /** Writes tokens from a backend sign-in into the cookies (no request); `authenticate()` then loads the session. */
    updateSession(tokens: SessionUpdateTokens): void {
      validate('session.updateSession')
        .isObject('tokens', tokens)
        .isString('session_token', tokens.session_token)
        .isOptionalString('session_jwt', tokens.session_jwt);
      manager.updateTokens(tokens.session_token, tokens.session_jwt);
    },
  };
}

/** The type of `client.session`: the local session, its refresh and revocation. */
export type SessionNamespace = ReturnType<typeof createSessionCore> & ReturnType<typeof createSessionCalls>;
