// Steps of the deterministic PostgreSQL races between a stranger's sign-in and the owner's pre-hijacking reset
// (services/verification.ts), as products/oauth/resetRaces.test.ts plays them: a connection of the test's own holds a
// lock so that one side stops at a known statement, and pg_blocking_pids shows who waits for whom. Two stops:
//
// - holdSessionInserts: the stranger's sign-in stops right before its session's INSERT (a trigger of the test's own
//   waits for an advisory lock the test holds), after it read, locked and wrote whatever it does before. Only the
//   inserts whose factors name the stranger's factor stop, so the owner's proof runs to its end unless it waits for
//   the stranger: then the owner either waits for the stranger (the stranger's session is committed before the reset
//   revokes the sessions) or finishes first (and the stranger's session, committed after, outlives the reset).
// - holdFirstFactorDelete: the owner's reset stops at its first factor part (the passwords' DELETE: products/descriptors.ts
//   runs the passwords product's part first), holding the user's row and its proved address, so the stranger's sign-in
//   runs against a reset under way; a sign-in that took its factor's row and then waits for the user's row deadlocks
//   with it (a 500 for one of the two).
//
// Each test has a database of its own (testing/harness.ts), so the trigger goes with it.
import pg from 'pg';
import { expect } from 'vitest';
import { type CallResult, type TestProvider, tokenOf } from '../testing/harness';
import { BROWSER_PKCE } from './browserPkce';

/** An advisory lock key of the tests' own. */
const LOCK_KEY = 7_353_201;

/** A connection of the test's own to the provider's database. */
export async function connect(t: TestProvider): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  return client;
}

export async function backendPid(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return rows[0]?.pid as number;
}

/**
 * The backend (other than `except`) waiting for one `pid` holds, once one does (30 s at most); null if `done` settles
 * first (with `orNull`), else throws.
 */
export async function waiterOf(
  observer: pg.Client,
  pid: number,
  done: Promise<unknown>,
  options: { orNull?: boolean; except?: number[] } = {},
): Promise<number | null> {
  let settled = false;
  const mark = () => {
    settled = true;
  };
  void done.then(mark, mark);
  // Sized for a loaded CI machine: a request reaches its lock in milliseconds when the machine is quiet.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { rows } = await observer.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid)) AND NOT (pid = ANY($2::int[]))',
      [pid, options.except ?? []],
    );
    if (rows[0] !== undefined) return rows[0].pid;
    if (settled) {
      if (options.orNull === true) return null;
      throw new Error(`The request finished without waiting for ${pid}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const { rows } = await observer.query(
    'SELECT pid, state, wait_event_type, query FROM pg_stat_activity WHERE datname = current_database()',
  );
  throw new Error(`Nobody waited for ${pid} in 30 s: ${JSON.stringify(rows)}`);
}

/**
 * Mallory signs up with Ada's address (`ada@example.com`, unverified) and a password: the account the owner's proof
 * will reset. Answers the sign-up's `data` (its `user_id` and `session_token`).
 */
export async function strangerSignUp(t: TestProvider): Promise<{ user_id: string; session_token: string }> {
  const signup = await t.post('/passwords', {
    email: 'ada@example.com',
    password: 'correct horse battery staple 42',
    session_duration_minutes: 60,
  });
  expect(signup.status).toBe(200);
  return signup.json.data;
}

/** Whether the session of `token` is live (`sessions/authenticate` answers it). */
export async function sessionIsLive(t: TestProvider, token: string): Promise<boolean> {
  const response = await t.post('/sessions/authenticate', {}, token);
  if (response.status === 200) return true;
  expect(response.json.error_type).toBe('session_not_found');
  return false;
}

/**
 * The owner's proof of `email` without a session, prepared: a passcode sent to it now; the answer redeems it (it runs
 * the reset), so that only the redemption runs while the test holds its lock.
 */
export async function ownerPasscode(t: TestProvider, email: string): Promise<() => Promise<CallResult>> {
  const sent = await t.post('/otps/email/login_or_create', { email });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const code = await t.lastCode(email);
  return () =>
    t.post('/otps/authenticate', { token: code, method_id: sent.json.data.method_id, session_duration_minutes: 60 });
}

/**
 * The owner's proof of `email` by a magic link, prepared (sent now, redeemed by the answer): unlike a passcode it takes
 * no guess counter of the user, which a passcode sign-in of the stranger takes too (services/guards.ts).
 */
export async function ownerMagicLink(t: TestProvider, email: string): Promise<() => Promise<CallResult>> {
  const sent = await t.post('/magic_links/email/login_or_create', { email, code_challenge: BROWSER_PKCE.challenge });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const token = tokenOf(await t.lastLink(email, 'magic_links'));
  return () =>
    t.post('/magic_links/authenticate', { token, code_verifier: BROWSER_PKCE.verifier, session_duration_minutes: 60 });
}

export interface Holder {
  holder: pg.Client;
  observer: pg.Client;
  holderPid: number;
  /** Lets the held statement go on. */
  release(): Promise<void>;
  end(): Promise<void>;
}

async function holderOf(t: TestProvider, hold: (holder: pg.Client) => Promise<void>, release: string) {
  const holder = await connect(t);
  const observer = await connect(t);
  await hold(holder);
  const holderPid = await backendPid(holder);
  let released = false;
  return {
    holder,
    observer,
    holderPid,
    async release() {
      if (released) return;
      released = true;
      await holder.query(release);
    },
    async end() {
      if (!released) await holder.query(release).catch(() => {});
      await holder.end();
      await observer.end();
    },
  } satisfies Holder;
}

/**
 * Stops every session INSERT whose `factors` contain `factorText` (the stranger's factor, e.g. `"type":"webauthn"`)
 * right before it, inside its transaction, until `release`.
 */
export async function holdSessionInserts(t: TestProvider, factorText: string): Promise<Holder> {
  return holderOf(
    t,
    async (holder) => {
      await holder.query(`CREATE FUNCTION test_hold_session_insert() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF strpos(NEW.factors, TG_ARGV[0]) > 0 THEN PERFORM pg_advisory_xact_lock(${LOCK_KEY}); END IF;
          RETURN NEW;
        END $$`);
      await holder.query(
        `CREATE TRIGGER test_hold_session_insert BEFORE INSERT ON sessions FOR EACH ROW
          EXECUTE FUNCTION test_hold_session_insert(${pg.escapeLiteral(factorText)})`,
      );
      await holder.query(`SELECT pg_advisory_lock(${LOCK_KEY})`);
    },
    `SELECT pg_advisory_unlock(${LOCK_KEY})`,
  );
}

/** Stops the owner's reset at its first factor part (the passwords' DELETE), holding the user's row, until `release`. */
export async function holdFirstFactorDelete(t: TestProvider): Promise<Holder> {
  return holderOf(
    t,
    async (holder) => {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE passwords IN SHARE MODE');
    },
    'ROLLBACK',
  );
}

/**
 * The race: the stranger's sign-in stops right before its session's INSERT (holdSessionInserts), then the owner's
 * proof runs. Answers both answers and whether the owner's proof waited for the stranger's sign-in.
 */
export async function strangerInFlightDuringReset(
  t: TestProvider,
  factorText: string,
  stranger: () => Promise<CallResult>,
  owner: () => Promise<CallResult>,
): Promise<{ stranger: CallResult; owner: CallResult; ownerWaited: boolean }> {
  const hold = await holdSessionInserts(t, factorText);
  let strangerCall: Promise<CallResult> | undefined;
  let ownerCall: Promise<CallResult> | undefined;
  try {
    strangerCall = stranger();
    const strangerPid = (await waiterOf(hold.observer, hold.holderPid, strangerCall)) as number;
    ownerCall = owner();
    // The owner's proof either waits for the stranger's sign-in (which holds a lock the reset needs) or finishes.
    const ownerPid = await waiterOf(hold.observer, strangerPid, ownerCall, { orNull: true });
    await hold.release();
    return { stranger: await strangerCall, owner: await ownerCall, ownerWaited: ownerPid !== null };
  } finally {
    await hold.end();
    await Promise.allSettled([strangerCall, ownerCall]);
  }
}

/**
 * The other order: the owner's reset is under way (holdFirstFactorDelete: it holds the user's row), then the
 * stranger's sign-in runs until it finishes or waits for the owner; then the reset goes on. Answers both answers.
 */
export async function strangerDuringResetUnderWay(
  t: TestProvider,
  stranger: () => Promise<CallResult>,
  owner: () => Promise<CallResult>,
): Promise<{ stranger: CallResult; owner: CallResult }> {
  const hold = await holdFirstFactorDelete(t);
  let strangerCall: Promise<CallResult> | undefined;
  let ownerCall: Promise<CallResult> | undefined;
  try {
    ownerCall = owner();
    const ownerPid = (await waiterOf(hold.observer, hold.holderPid, ownerCall)) as number;
    strangerCall = stranger();
    // The stranger's sign-in finishes (it needs nothing the reset holds yet) or waits for the owner's reset.
    await waiterOf(hold.observer, ownerPid, strangerCall, { orNull: true, except: [hold.holderPid] });
    await hold.release();
    return { stranger: await strangerCall, owner: await ownerCall };
  } finally {
    await hold.end();
    await Promise.allSettled([strangerCall, ownerCall]);
  }
}

/**
 * The in-flight race's outcome (strangerInFlightDuringReset): both answered 200, the owner's proof waited for the
 * stranger's sign-in, and the stranger's session, committed while the reset ran, did not outlive it; the owner's did.
 */
export async function expectInFlightStrangerKeptNothing(
  t: TestProvider,
  race: { stranger: CallResult; owner: CallResult; ownerWaited: boolean },
): Promise<void> {
  expect(race.stranger.status, JSON.stringify(race.stranger.json)).toBe(200);
  expect(race.owner.status, JSON.stringify(race.owner.json)).toBe(200);
  expect(await sessionIsLive(t, race.stranger.json.data.session_token)).toBe(false);
  expect(race.ownerWaited).toBe(true);
  expect(await sessionIsLive(t, race.owner.json.data.session_token)).toBe(true);
}

/**
 * The under-way race's outcome (strangerDuringResetUnderWay): the owner signed in, the stranger got no 500 (nothing
 * deadlocked) and, if signed in, keeps no live session.
 */
export async function expectUnderWayStrangerKeptNothing(
  t: TestProvider,
  race: { stranger: CallResult; owner: CallResult },
): Promise<void> {
  expect(race.owner.status, JSON.stringify(race.owner.json)).toBe(200);
  expect(race.stranger.status, JSON.stringify(race.stranger.json)).toBeLessThan(500);
  if (race.stranger.status === 200) {
    expect(await sessionIsLive(t, race.stranger.json.data.session_token)).toBe(false);
  }
  expect(await sessionIsLive(t, race.owner.json.data.session_token)).toBe(true);
}
