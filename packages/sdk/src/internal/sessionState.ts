import type { Session, User } from '../contract/common';
import { isPlainObject } from './isPlainObject';

/** What the state key holds: `{session, user}` as JSON, or the string "null" once signed out. */
export interface StoredSessionState {
  session: Session;
  user: User;
}

/** The storage keys tabs share the session through (the refresh lock's lease key is `./tabSync`'s). */
export function tabSyncKeys(stateKey: string) {
  return {
    state: stateKey,
    /** When a tab last stored a session answered by the provider (ms since epoch, as a string). */
    refreshedAt: `${stateKey}::refreshed_at`,
  };
}

/** The string written under the state key. */
export function serializeState(state: StoredSessionState | null): string {
  return state ? JSON.stringify({ session: state.session, user: state.user }) : 'null';
}

/** Reads a stored state; anything absent, "null" or malformed is the signed-out state. */
export function parseState(raw: string | null | undefined): StoredSessionState | null {
  if (!raw) return null;
  try {
    return toState(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** A value that has the shape of a stored state (from storage or another tab's message), else null. */
export function toState(value: unknown): StoredSessionState | null {
  if (!isPlainObject(value) || !isPlainObject(value.session) || !isPlainObject(value.user)) return null;
  return { session: value.session as unknown as Session, user: value.user as unknown as User };
}

/**
 * Whether two states are the same for subscribers. `session.last_accessed_at` changes on every refresh,
 * so it is ignored: a refresh that changes nothing else must not re-render the page.
 */
export function isSameState(
  a: { session: Session | null; user: User | null } | null,
  b: { session: Session | null; user: User | null } | null,
): boolean {
  return isSameSession(a?.session ?? null, b?.session ?? null) && isSameUser(a?.user ?? null, b?.user ?? null);
}

/** User equality, field by field. */
export function isSameUser(a: User | null, b: User | null): boolean {
  return deepEqual(a, b);
}

/** Session equality, ignoring `last_accessed_at`. */
export function isSameSession(a: Session | null, b: Session | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const { last_accessed_at: _a, ...restA } = a;
  const { last_accessed_at: _b, ...restB } = b;
  return deepEqual(restA, restB);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keysA = Object.keys(a).filter((key) => a[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => b[key] !== undefined);
  return keysA.length === keysB.length && keysA.every((key) => deepEqual(a[key], b[key]));
}
