import { describe, expect, it } from 'vitest';
import { makeSession, makeUser } from '../../test/fakes';
import { isSameState, parseState, serializeState } from './sessionState';

describe('session state', () => {
  it('round-trips {session, user} and "null"', () => {
    const state = { session: makeSession(), user: makeUser() };
    expect(parseState(serializeState(state))).toEqual(state);
    expect(serializeState(null)).toBe('null');
    expect(parseState('null')).toBeNull();
  });

  it('reads anything malformed as signed out', () => {
    for (const raw of [null, '', '{', '[]', '42', '{"session":{}}', '{"session":null,"user":{}}']) {
      expect(parseState(raw)).toBeNull();
    }
  });

  it('ignores last_accessed_at and key order, and sees every other change', () => {
    const session = makeSession();
    const user = makeUser();
    const touched = { ...session, last_accessed_at: '2099-01-01T00:00:00Z' };
    const reversed = Object.fromEntries(Object.entries(session).reverse());
    const reordered = JSON.parse(JSON.stringify({ user, session: reversed }));
    expect(isSameState({ session, user }, { session: touched, user })).toBe(true);
    expect(isSameState({ session, user }, reordered)).toBe(true);
    expect(isSameState({ session, user }, { session: { ...session, expires_at: 'later' }, user })).toBe(false);
    expect(isSameState({ session, user }, { session, user: makeUser({ roles: ['admin'] }) })).toBe(false);
    expect(isSameState({ session, user }, null)).toBe(false);
    expect(isSameState(null, { session: null, user: null })).toBe(true);
  });
});
