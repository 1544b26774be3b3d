import type { SessionRevokeOptions, SessionSnapshot, SessionsRevokeResponse } from '@latchkey/sdk';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { useLatchkeyClient } from './latchkeyContext';
import { useSingleFlightVerbs } from './useSingleFlight';

/** What `useSession()` returns: the session state, then the verb. */
export interface UseSessionReturn extends SessionSnapshot {
  /** The client holds a session (it may still come from the cache: see `fromCache`). */
  hasSession: boolean;
  /**
   * Signs out (`POST /sessions/revoke`); `forceClear` clears the local session even if the provider is unreachable.
   * A second call while one is in flight sends nothing more and gets its answer.
   */
  revoke(options?: SessionRevokeOptions): Promise<SessionsRevokeResponse>;
}

/** The session, user and `fromCache` of the client; re-renders on every real change. */
export function useSession(): UseSessionReturn;
/** A slice of the session snapshot (`useSession(s => s.user)`); re-renders only when the slice changes. */
export function useSession<T>(selector: (snapshot: SessionSnapshot) => T): T;
export function useSession<T>(selector?: (snapshot: SessionSnapshot) => T): UseSessionReturn | T {
  const client = useLatchkeyClient();
  const memo = useRef<{ snapshot: SessionSnapshot; selector: typeof selector; value: unknown } | null>(null);
  // The same value for the same snapshot and selector, and the previous value when the new one is equal, so
  // useSyncExternalStore only re-renders when the selected slice really changed.
  const select = useCallback(
    (snapshot: SessionSnapshot): unknown => {
      const last = memo.current;
      if (last && last.snapshot === snapshot && last.selector === selector) return last.value;
      const next = selector ? selector(snapshot) : snapshot;
      const value = last && Object.is(last.value, next) ? last.value : next;
      memo.current = { snapshot, selector, value };
      return value;
    },
    [selector],
  );
  const getSelection = useCallback(() => select(client.session.getSnapshot()), [client, select]);
  // On the server, and while hydrating its HTML: the session the server rendered (the client's initialSession, else
  // none yet), so the browser's first render matches; React renders the browser's own session right after.
  const getServerSelection = useCallback(() => select(client.session.getServerSnapshot()), [client, select]);
  const selected = useSyncExternalStore(client.session.subscribe, getSelection, getServerSelection);
  // One action, one request: Sign out pressed twice while the first is in flight sends one revoke.
  const { revoke } = useSingleFlightVerbs({
    revoke: (options?: SessionRevokeOptions) => client.session.revoke(options),
  });
  const full = useMemo(() => {
    if (selector) return null;
    const snapshot = selected as SessionSnapshot;
    return { ...snapshot, hasSession: snapshot.session !== null, revoke };
  }, [selector, selected, revoke]);
  return full ?? (selected as T);
}
