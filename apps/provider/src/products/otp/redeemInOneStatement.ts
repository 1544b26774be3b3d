// A right passcode's sign-in on PostgreSQL as one statement of data-modifying `WITH` queries: one round trip and
// its own transaction (one commit), instead of BEGIN, the code consumed, the user's guess counter locked, the address
// verified, the session inserted and COMMIT, each a round trip. In the bench a round trip cost the database and the
// provider more CPU than most statements do (a socket write and a wake-up on each side): BENCHMARKS.md, the provider's
// PostgreSQL section.
//
// It writes what the transaction of routes.ts writes for the same redemption, and takes the locks in the same order
// (the code's row, then the user's guess counter, then the address), so it can run beside it and beside wrong guesses
// without a deadlock. Every write depends on the one before it through the statement's own data:
//   1. `locked`: the code's row, locked (`FOR UPDATE`) if it is still live and has a guess left (a concurrent
//      redemption that consumed it first leaves nothing here: at READ COMMITTED PostgreSQL checks the condition again
//      on the row it waited for: its manual, "Read Committed Isolation Level");
//   2. `counter`: the user's guess counter, locked and left as it was (guards.ts assertGuessSlotFree), only if (1);
//   3. `held` (an address verified already): the address, still the user's, read `FOR SHARE` once (2) is locked.
//      A pre-hijacking reset of the account (its owner proving another address) deletes it before it revokes the
//      sessions: locked, the reset waits for this statement's commit and its revocation then ends the session started
//      here; and a reset that committed while this statement waited (for the counter, which the owner's own passcode
//      locks too) left nothing to lock (PostgreSQL checks the row again: its manual, "The Locking Clause"), so nobody
//      signs in through an address the reset removed. Unlocked, either order kept the stranger's session. Locked after
//      the counter, never before: holding the address while waiting for the counter a reset holds deadlocked;
//   4. `checks`: whether the user has a free guess slot, for a first proof of the address whether the user holds
//      anything the pre-hijacking reset would remove (verification.ts holdsAnythingBut), and whether (3) found the
//      address (a first proof's address is locked by its own update, step 6);
//   5. `consumed`: the code consumed with its slot, only if (4) found a free slot, nothing to reset and the address;
//   6. the address verified and a pending user made active (a first proof only), and the session inserted, only if (5).
// So a refusal, or a first proof that needs the reset, changes nothing: the counter is left as it was (a user who had
// none gets one at zero, as the transaction's lock makes too). After the latter the caller runs the transaction of
// routes.ts, which resets the account. SQLite has no data-modifying `WITH`
// (and no round trips: it runs in the process), so it always runs that transaction.
import { type Compilable, type CompiledQuery, expressionBuilder, type RawBuilder, sql } from 'kysely';
import { precompiledQuery } from '../../db/precompiled';
import type { Database, Executor } from '../../db/schema';
import { userCounter } from '../../services/guards';
import type { SessionRow } from '../../services/sessions';
import { holdsAnythingBut, IDENTIFIER_TABLES } from '../../services/verification';

/** What the statement found: each step's outcome (`free` and `clean` are null when no counter was locked). */
interface OutcomeRow {
  locked: boolean;
  free: boolean | null;
  clean: boolean | null;
  present: boolean | null;
  started: boolean;
}

/** Which address the redemption proves for the first time, or none (it was verified already). */
type FirstProof = 'email' | 'phone' | null;

/** The statement of a first proof of an address of `kind`, or (`firstProof` null) of an address of `kind` verified already. */
function statement(firstProof: FirstProof, kind: 'email' | 'phone') {
  return precompiledQuery<OutcomeRow, string[]>(
    (
      db,
      otpId,
      maxFailuresPerCode,
      counterKey,
      now,
      maxFailuresPerUser,
      windowExpiredAt,
      userId,
      methodId,
      sessionId,
      projectId,
      tokenHash,
      expiresAt,
      ipAddress,
      userAgent,
      factors,
    ) => {
      const eb = expressionBuilder<Database, never>();
      const clean =
        firstProof === null
          ? sql`true`
          : sql`not ${holdsAnythingBut(eb, firstProof, userId as string, methodId as string)}`;
      const { table, id } = IDENTIFIER_TABLES[kind];
      const held =
        firstProof === null
          ? sql`, held as (
              select 1 from ${sql.table(table)}
              where ${sql.ref(id)} = ${methodId} and user_id = ${userId} and exists (select 1 from counter)
              for share
            )`
          : sql``;
      const present = firstProof === null ? sql`exists (select 1 from held)` : sql`true`;
      const verify =
        firstProof === null
          ? sql``
          : sql`, verified as (
              update ${sql.table(IDENTIFIER_TABLES[firstProof].table)} set verified = 1
              where ${sql.ref(IDENTIFIER_TABLES[firstProof].id)} = ${methodId} and verified = 0
                and exists (select 1 from consumed)
            ), activated as (
              update users set status = 'active'
              where user_id = ${userId} and status <> 'active' and exists (select 1 from consumed)
            )`;
      const raw: RawBuilder<OutcomeRow> = sql<OutcomeRow>`with locked as (
          select otp_id from otp_codes
          where otp_id = ${otpId} and consumed_at is null and failed_attempts < ${maxFailuresPerCode}
          for update
        ), counter as (
          insert into guess_counters (counter_key, window_start, count)
          select ${counterKey}::text, ${now}::bigint, 0 from locked
          on conflict (counter_key) do update set count = guess_counters.count
          returning count, window_start
        )${held}, checks as (
          select (count < ${maxFailuresPerUser} or window_start <= ${windowExpiredAt}) as free, ${clean} as clean,
            ${present} as present
          from counter
        ), consumed as (
          update otp_codes set failed_attempts = failed_attempts + 1, consumed_at = ${now}
          where otp_id = ${otpId} and consumed_at is null and failed_attempts < ${maxFailuresPerCode}
            and exists (select 1 from checks where free and clean and present)
          returning otp_id
        )${verify}, started as (
          insert into sessions (session_id, user_id, project_id, token_hash, started_at, last_accessed_at, expires_at,
            ip_address, user_agent, factors)
          select ${sessionId}::text, ${userId}::text, ${projectId}::text, ${tokenHash}::text, ${now}::bigint,
            ${now}::bigint, ${expiresAt}::bigint, ${ipAddress}::text, ${userAgent}::text, ${factors}::text
          from consumed
          returning session_id
        )
        select exists (select 1 from locked) as locked, (select free from checks) as free,
          (select clean from checks) as clean, (select present from checks) as present,
          exists (select 1 from started) as started`;
      return { compile: (): CompiledQuery<OutcomeRow> => raw.compile(db) } satisfies Compilable<OutcomeRow>;
    },
    15,
  );
}

const STATEMENTS = {
  email: { verified: statement(null, 'email'), first: statement('email', 'email') },
  phone: { verified: statement(null, 'phone'), first: statement('phone', 'phone') },
};

/**
 * The statement's answer: `signed_in` (the session `row` was inserted, the code consumed and, for a first proof, the
 * address verified and the user active), `not_found` (the code was consumed or used up meanwhile), `locked_out` (the
 * user has no free guess slot) or `needs_reset` (a first proof of an address of a user who holds something the
 * pre-hijacking reset removes: nothing changed; run the transaction).
 */
type OneStatementOutcome = 'signed_in' | 'not_found' | 'locked_out' | 'needs_reset';

export async function redeemInOneStatement(
  db: Executor,
  options: {
    otpId: string;
    maxFailuresPerCode: number;
    maxFailuresPerUser: number;
    /** The start of the oldest guess window still open: now minus the lockout window. */
    windowExpiredAt: number;
    now: number;
    firstProof: FirstProof;
    /** The kind of the address the code was sent to (`methodId`). */
    kind: 'email' | 'phone';
    methodId: string;
    session: SessionRow;
  },
): Promise<OneStatementOutcome> {
  const { session } = options;
  const run = STATEMENTS[options.kind][options.firstProof === null ? 'verified' : 'first'];
  const {
    rows: [outcome],
  } = await run(
    db,
    options.otpId,
    String(options.maxFailuresPerCode),
    userCounter(session.user_id),
    String(options.now),
    String(options.maxFailuresPerUser),
    String(options.windowExpiredAt),
    session.user_id,
    options.methodId,
    session.session_id,
    session.project_id,
    session.token_hash,
    String(session.expires_at),
    session.ip_address,
    session.user_agent,
    session.factors,
  );
  if (outcome === undefined || !outcome.locked) return 'not_found';
  if (outcome.free !== true) return 'locked_out';
  if (outcome.clean !== true) return 'needs_reset';
  // The address is no longer the user's: a reset removed it (a code sent to it signs nobody in).
  if (outcome.present !== true) return 'not_found';
  return outcome.started ? 'signed_in' : 'not_found';
}
