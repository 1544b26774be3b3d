// A social sign-in racing the pre-hijacking reset on PostgreSQL (the reset: services/verification.ts). Deterministic:
// the test holds a lock of its own so that one side stops at a known statement, and watches who waits for whom
// (pg_blocking_pids; the steps of test/resetRaceSteps.ts). Runs only with LATCHKEY_TEST_POSTGRES_URL: SQLite runs one writing transaction at a time.
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/expectError';
import { oauthAuthenticate, signedInWith, signInAt } from '../../../test/oauthSteps';
import { backendPid, connect, waiterOf } from '../../../test/resetRaceSteps';
import { databaseKind, startProvider } from '../../../testing/harness';

const ADA = { email: 'ada@example.com', name: 'Ada Lovelace' };
/** Mallory's GitHub account names Ada's address, unverified there: she gets an account holding it unverified. */
const MALLORY_GITHUB = { ...ADA, emailVerified: false, subject: 'mallory-github' };

describe.skipIf(databaseKind !== 'postgres')('a social sign-in racing the pre-hijacking reset', () => {
  it("a stranger's sign-in in flight while the owner's Google sign-in resets the account keeps no session", async () => {
    const t = await startProvider();
    // Mallory holds an account with Ada's address unverified (her GitHub identity), and a second sign-in's token.
    const first = await signedInWith(t, 'github', MALLORY_GITHUB);
    const { token } = await signInAt(t, 'github', MALLORY_GITHUB);

    const holder = await connect(t);
    const observer = await connect(t);
    let mallory: Promise<{ status: number; json: any }> | undefined;
    let ada: Promise<{ appUrl: URL; token: string }> | undefined;
    try {
      // Sessions held: Mallory's redemption stops at its session's INSERT, after it read her identity.
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE sessions IN SHARE MODE');
      const holderPid = await backendPid(holder);
      mallory = oauthAuthenticate(t, token);
      const malloryPid = (await waiterOf(observer, holderPid, mallory)) as number;
      // Ada's first Google sign-in proves the address: its reset removes Mallory's identity, and waits for her
      // redemption to commit (the identity is read FOR SHARE until then), so it then revokes her new session too.
      ada = signInAt(t, 'google', ADA);
      expect(await waiterOf(observer, malloryPid, ada)).toBeGreaterThan(0);
      await holder.query('ROLLBACK');
      const redeemed = await mallory;
      expect(redeemed.status, JSON.stringify(redeemed.json)).toBe(200);
      const owner = await oauthAuthenticate(t, (await ada).token);
      expect(owner.status, JSON.stringify(owner.json)).toBe(200);
      expect(owner.json.data.account_reset.removed).toEqual(['oauth_identities', 'sessions']);
      for (const sessionToken of [first.session_token, redeemed.json.data.session_token]) {
        expectError(await t.call('GET', '/users/me', { sessionToken }), 404, 'session_not_found');
      }
      expect((await t.call('GET', '/users/me', { sessionToken: owner.json.data.session_token })).status).toBe(200);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      await holder.end();
      await observer.end();
      await Promise.allSettled([mallory, ada]);
    }
  });

  it("a returning identity's callback takes the user's row first, so it waits for a reset instead of deadlocking", async () => {
    const t = await startProvider();
    const first = await signedInWith(t, 'github', MALLORY_GITHUB);
    const holder = await connect(t);
    const observer = await connect(t);
    let callback: Promise<{ appUrl: URL; token: string }> | undefined;
    try {
      // The test plays a reset's first steps: the user's row, then (once the callback waits) the identities.
      await holder.query('BEGIN');
      await holder.query('SELECT user_id FROM users WHERE user_id = $1 FOR NO KEY UPDATE', [first.user_id]);
      const holderPid = await backendPid(holder);
      callback = signInAt(t, 'github', MALLORY_GITHUB);
      await waiterOf(observer, holderPid, callback);
      await holder.query('DELETE FROM oauth_registrations WHERE user_id = $1', [first.user_id]);
      await holder.query('COMMIT');
      // The callback went on after the reset: the identity it read is gone, so its token signs nobody in (no 500).
      const { token } = await callback;
      expectError(await oauthAuthenticate(t, token), 404, 'oauth_token_not_found');
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      await holder.end();
      await observer.end();
      await Promise.allSettled([callback]);
    }
  });
});
