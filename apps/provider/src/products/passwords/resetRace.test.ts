// A password reset against sign-ins with the old password that are already in flight: the reset revokes the user's
// other sessions, so no session started with the old password may outlive it, whichever of the two commits first.
// The sign-ins are held between their hash check and their transaction (passwordChecks, the seam of
// passwordCredentials.ts) while the reset commits, so the test never depends on argon2id's timing.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { BROWSER_PKCE } from '../../../test/browserPkce';
import { expectError as expectErrorWithStatus } from '../../../test/expectError';
import { verifyEmailInSession } from '../../../testing/fixtures';
import { databaseKind, startProvider, type TestProvider, tokenOf } from '../../../testing/harness';
import { ERROR_CATALOGUE, type ErrorType } from '../../http/errors';
import { passwordChecks } from './passwordCredentials';
import { hashPassword, verifyPassword } from './passwordHash';

const PASSWORD = 'dragonfly-marmalade-41';
const NEW_PASSWORD = 'quiet-lantern-zebra-97';
const EMAIL = 'ada@example.com';
/** How many sign-ins with the old password are in flight when the reset commits. */
const SIGN_INS = 4;

function expectError(response: { status: number; json: unknown }, type: ErrorType): void {
  expectErrorWithStatus(response, ERROR_CATALOGUE[type].status, type);
}

/** Each sign-in from its own address, so that the per-IP limit of password attempts never answers instead. */
const signIn = (t: TestProvider, password: string, index = 0) =>
  t.call('POST', '/passwords/authenticate', {
    body: { email: EMAIL, password },
    remoteAddress: `192.0.2.${index + 1}`,
  });

async function createAccount(t: TestProvider) {
  const response = await t.post('/passwords', { email: EMAIL, password: PASSWORD, session_duration_minutes: 60 });
  expect(response.status).toBe(200);
  return response.json.data as { user_id: string; session_token: string };
}

async function sessionIsLive(t: TestProvider, token: string): Promise<boolean> {
  const response = await t.post('/sessions/authenticate', {}, token);
  if (response.status === 200) return true;
  expectError(response, 'session_not_found');
  return false;
}

/** The hold in place, if a test installed one: released and removed after each test, even a failed one. */
let hold: { release(): void } | null = null;

afterEach(() => {
  hold?.release();
  hold = null;
  passwordChecks.verifyPassword = verifyPassword;
  passwordChecks.hashPassword = hashPassword;
});

/**
 * A hold's two signals: `arrived()` resolves `held` (the held call got there), `release()` resolves `released` (it may
 * go on). Installed as the file's `hold`, so that a failed test never leaves a call waiting.
 */
function gate() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  hold = { release };
  return { held, arrived, released, release };
}

/**
 * Holds every password sign-in after its hash check (which still reads the password of the moment it started) until
 * `release()`; `held` resolves once `count` of them wait there.
 */
function holdSignInsAfterHashCheck(count: number): { held: Promise<void>; release(): void } {
  const { held, arrived, released, release } = gate();
  let waiting = 0;
  passwordChecks.verifyPassword = async (storedHash, password) => {
    const matches = await verifyPassword(storedHash, password);
    waiting += 1;
    if (waiting === count) arrived();
    await released;
    return matches;
  };
  return { held, release };
}

/**
 * Asserts that no sign-in with the old password left a live session: each was refused exactly as a wrong password is
 * (no oracle), or its session is refused now. Answers how many were refused.
 */
async function expectNoSurvivingSession(t: TestProvider, answers: { status: number; json: any }[]): Promise<number> {
  let refused = 0;
  for (const answer of answers) {
    if (answer.status === 200) {
      expect(await sessionIsLive(t, answer.json.data.session_token)).toBe(false);
    } else {
      expectError(answer, 'unauthorized_credentials');
      refused += 1;
    }
  }
  return refused;
}

/** The user's sessions that are not revoked. */
async function liveSessionIds(t: TestProvider): Promise<string[]> {
  const rows = await t.provider.database.db
    .selectFrom('sessions')
    .select('session_id')
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((row) => row.session_id);
}

type Reset = (t: TestProvider, account: { session_token: string }) => Promise<{ status: number; json: any }>;

const resetBySession: Reset = (t, account) =>
  t.post('/passwords/session/reset', { password: NEW_PASSWORD }, account.session_token);

const resetByEmail: Reset = async (t) => {
  const started = await t.post('/passwords/email/reset/start', {
    email: EMAIL,
    code_challenge: BROWSER_PKCE.challenge,
  });
  expect(started.status).toBe(200);
  const token = tokenOf(await t.lastLink(EMAIL, 'stytch_token_type=reset_password'));
  return t.post('/passwords/email/reset', { token, password: NEW_PASSWORD, code_verifier: BROWSER_PKCE.verifier });
};

describe('a password reset during sign-ins with the old password', () => {
  it.each([
    ['by session', resetBySession],
    ['by email link', resetByEmail],
  ])('%s: a sign-in whose hash check ran before the reset committed gets no session', async (_name, reset) => {
    const t = await startProvider();
    const account = await createAccount(t);
    const { held, release } = holdSignInsAfterHashCheck(SIGN_INS);
    const signIns = Array.from({ length: SIGN_INS }, (_, index) => signIn(t, PASSWORD, index));
    // Every sign-in has checked the old password and waits before its transaction while the reset commits.
    await held;
    const resetAnswer = await reset(t, account);
    expect(resetAnswer.status).toBe(200);
    release();
    const answers = await Promise.all(signIns);

    // The reset committed before any of their transactions began: each is refused, as a wrong password would be.
    expect(await expectNoSurvivingSession(t, answers)).toBe(SIGN_INS);
    // Only the reset's own session is left.
    const resetSession = resetAnswer.json.data.session.session_id as string;
    expect(await liveSessionIds(t)).toEqual([resetSession]);
    expect(await sessionIsLive(t, resetAnswer.json.data.session_token)).toBe(true);
    // The refusals wrote nothing: no failure recorded, and the lockout count the reset cleared stays cleared.
    const { db } = t.provider.database;
    expect(await db.selectFrom('auth_failures').selectAll().execute()).toEqual([]);
    expect((await db.selectFrom('guess_counters').select('count').execute()).map((row) => Number(row.count))).toEqual([
      0,
    ]);

    passwordChecks.verifyPassword = verifyPassword;
    expectError(await signIn(t, PASSWORD), 'unauthorized_credentials');
    expect((await signIn(t, NEW_PASSWORD)).status).toBe(200);
  });

  // PostgreSQL runs the two transactions side by side: a reset that starts while the sign-in's transaction holds the
  // password row must wait for its commit, and only then revoke, so that the revocation sees the new session. Another
  // connection holds the user's row (FOR UPDATE), which the sign-in's session insert needs (its foreign key), so the
  // sign-in stops inside its transaction; the test then waits until PostgreSQL reports that the reset is blocked by
  // the sign-in itself, which only the sign-in's lock of the password row can do.
  it.skipIf(databaseKind !== 'postgres')(
    'on PostgreSQL, a reset waits for a sign-in that holds the password and revokes its session',
    async () => {
      const t = await startProvider();
      const account = await createAccount(t);
      // One connection holds the user's row; another watches (a transaction sees the activity view as it first read it).
      const blocker = new pg.Client({ connectionString: t.databaseUrl });
      const observer = new pg.Client({ connectionString: t.databaseUrl });
      await blocker.connect();
      await observer.connect();
      let blocking = false;
      try {
        await blocker.query('BEGIN');
        blocking = true;
        await blocker.query('SELECT 1 FROM users WHERE user_id = $1 FOR UPDATE', [account.user_id]);
        const signInAnswer = signIn(t, PASSWORD);
        await waitFor(
          observer,
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
            AND wait_event_type = 'Lock' AND query ILIKE '%insert into "sessions"%'`,
        );
        const resetAnswer = resetBySession(t, account);
        await waitFor(
          observer,
          `SELECT 1 FROM pg_stat_activity reset, pg_stat_activity sign_in
            WHERE reset.datname = current_database() AND sign_in.datname = current_database()
            AND reset.query ILIKE '%"passwords"%' AND sign_in.query ILIKE '%insert into "sessions"%'
            AND sign_in.pid = ANY(pg_blocking_pids(reset.pid))`,
        );
        await blocker.query('COMMIT');
        blocking = false;

        const answer = await signInAnswer;
        expect(answer.status).toBe(200);
        expect((await resetAnswer).status).toBe(200);
        expect(await expectNoSurvivingSession(t, [answer])).toBe(0);
        expect(await liveSessionIds(t)).toHaveLength(1);
      } finally {
        if (blocking) await blocker.query('ROLLBACK');
        await blocker.end();
        await observer.end();
      }
    },
  );
});

// A reset by email link and a magic-link redemption of the same user (the reset email's own log-in link) at once. The
// reset holds the user's row while it uses up every unused link of the user (passwordChange.ts); the redemption took
// its link's row before the user's, so on PostgreSQL each waited for the other (deadlock detected: a 500).
describe('a password reset during a magic-link redemption of the same user', () => {
  /** Sends to the one address every round: the per-address send limit must not answer instead. */
  const manySends = {
    rateLimits: {
      sendsPerIdentifier: { limit: 1000, windowSeconds: 60 },
      sendsPerIp: { limit: 1000, windowSeconds: 60 },
    },
  };

  /** An account whose email is proved from its own session, so no redemption runs the pre-hijacking reset. */
  async function verifiedAccount(t: TestProvider) {
    const account = await createAccount(t);
    await verifyEmailInSession(t, EMAIL, account.session_token);
    return account;
  }

  /** A reset email's two links: the reset link and its log-in (magic) link, both bound to BROWSER_PKCE. */
  async function resetEmail(t: TestProvider) {
    const started = await t.post('/passwords/email/reset/start', {
      email: EMAIL,
      code_challenge: BROWSER_PKCE.challenge,
    });
    expect(started.status).toBe(200);
    return {
      resetToken: tokenOf(await t.lastLink(EMAIL, 'stytch_token_type=reset_password')),
      loginToken: tokenOf(await t.lastLink(EMAIL, 'stytch_token_type=login')),
    };
  }

  const redeemReset = (t: TestProvider, token: string) =>
    t.post('/passwords/email/reset', { token, password: NEW_PASSWORD, code_verifier: BROWSER_PKCE.verifier });
  const redeemLink = (t: TestProvider, token: string) =>
    t.post('/magic_links/authenticate', { token, code_verifier: BROWSER_PKCE.verifier });

  /**
   * The reset succeeded; the link either signed in before it (and the reset revoked that session) or was refused
   * after it, as any link the old password's time left open; no 5xx. Only the reset's session is live.
   */
  async function expectOneOrTheOther(
    t: TestProvider,
    reset: { status: number; json: any },
    link: { status: number; json: any },
  ): Promise<'before' | 'after'> {
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    expect(link.status, JSON.stringify(link.json)).toBeLessThan(500);
    expect(await liveSessionIds(t)).toEqual([reset.json.data.session.session_id]);
    if (link.status === 200) {
      expect(await sessionIsLive(t, link.json.data.session_token)).toBe(false);
      return 'before';
    }
    expectError(link, 'unable_to_auth_magic_link');
    return 'after';
  }

  it('never fails with a 5xx, round after round, whichever commits first', async () => {
    const t = await startProvider(manySends);
    await verifiedAccount(t);
    for (let round = 0; round < 20; round += 1) {
      const { resetToken, loginToken } = await resetEmail(t);
      // The reset hashes its password before its transaction; the link starts later each round, so that some rounds
      // overlap the two transactions.
      const [reset, link] = await Promise.all([
        redeemReset(t, resetToken),
        new Promise((resolve) => setTimeout(resolve, (round % 10) * 8)).then(() => redeemLink(t, loginToken)),
      ]);
      await expectOneOrTheOther(t, reset, link);
    }
  });

  // Deterministic: another connection holds the user's row, the reset is made to wait for it first, then the
  // redemption. Once the row is free the reset goes on to use up the redemption's link. Both now wait for the user's
  // row before they touch a link, so the redemption waits for the reset and is refused; taking the link's row first,
  // it held the link the reset needed while waiting for the row the reset held.
  it.skipIf(databaseKind !== 'postgres')(
    'on PostgreSQL, a redemption waiting behind a reset for the user is refused, never deadlocked',
    async () => {
      const t = await startProvider(manySends);
      const account = await verifiedAccount(t);
      const { resetToken, loginToken } = await resetEmail(t);
      const blocker = new pg.Client({ connectionString: t.databaseUrl });
      const observer = new pg.Client({ connectionString: t.databaseUrl });
      await blocker.connect();
      await observer.connect();
      let blocking = false;
      const waitingForUser = (count: number) =>
        waitFor(
          observer,
          `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
            AND wait_event_type = 'Lock' AND query ILIKE 'update "users"%' HAVING count(*) >= ${count}`,
        );
      try {
        await blocker.query('BEGIN');
        blocking = true;
        await blocker.query('SELECT 1 FROM users WHERE user_id = $1 FOR UPDATE', [account.user_id]);
        const resetAnswer = redeemReset(t, resetToken);
        await waitingForUser(1);
        const linkAnswer = redeemLink(t, loginToken);
        await waitingForUser(2);
        await blocker.query('COMMIT');
        blocking = false;

        const [reset, link] = await Promise.all([resetAnswer, linkAnswer]);
        expect(await expectOneOrTheOther(t, reset, link)).toBe('after');
      } finally {
        if (blocking) await blocker.query('ROLLBACK');
        await blocker.end();
        await observer.end();
      }
    },
  );
});

/** Polls `query` on `client` until it returns a row; fails after ten seconds. */
async function waitFor(client: pg.Client, query: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await client.query(query)).rowCount === 0) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for: ${query}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// A reset by session reads its session before the hash and writes in a transaction after it: a revocation in between
// (the pre-hijacking reset of a stranger's account, another reset) must win.
describe('a password reset by session whose session is revoked during the hash', () => {
  it('is session_not_found and sets nothing: the revocation is not undone', async () => {
    const t = await startProvider();
    const { user_id: userId, session_token: token } = await createAccount(t);
    const { held, arrived, released, release } = gate();
    passwordChecks.hashPassword = async (password) => {
      const hash = await hashPassword(password);
      arrived();
      await released;
      return hash;
    };
    const reset = t.post('/passwords/session/reset', { password: NEW_PASSWORD }, token);
    await held;
    const { db } = t.provider.database;
    await db.updateTable('sessions').set({ revoked_at: t.clock.now() }).where('user_id', '=', userId).execute();
    release();
    expectError(await reset, 'session_not_found');
    const stored = await db
      .selectFrom('passwords')
      .select('hash')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(stored.hash, PASSWORD)).toBe(true);
    expect(await sessionIsLive(t, token)).toBe(false);
  });
});
