// The data lifecycle: expired and used rows are deleted, periodically in every instance (one at a time: a lease row)
// and by `latchkey-provider purge`. Deletes run in bounded batches, one short statement each, so no lock is held long.
//
// Replay protection never weakens. Every single-use secret (passcode, link, challenge, code, token) is found by its
// own row: once the row is gone the secret is unknown and refused, exactly as an expired or used one. A row is
// therefore deleted only once it is expired (plus a margin for clocks that disagree), never merely because it was
// used. Two things need more than their own row and are kept longer:
// - a used authorization code, while any token issued from it lives: replaying the code revokes those tokens
//   (RFC 6749 §4.1.2);
// - the rotated refresh tokens of a grant, while any token of the grant lives: presenting one again revokes the grant
//   (RFC 9700 §4.14.2).
// Guess counters (`guess_counters`) are never deleted: one row per user, reset in place, and a guess counts on a row
// it may just have created.
// What the configuration sets a retention for (grace periods, the rate-limit windows, logs, messages, signing keys) is
// kept as long as the longest of this process's configuration and every serving instance's (ops/retention.ts), so a
// purge run with another configuration deletes nothing a serving instance still relies on.
import type { Kysely } from 'kysely';
import type { ProviderConfig } from '../config';
import type { Database } from '../db/schema';
import { PRODUCT_DESCRIPTORS } from '../products/descriptors';
import { randomToken } from '../services/secrets';
import { KEY_KINDS, keyRetentionMs, retireKeys } from '../services/signingKeys';
import {
  type AnyDb,
  deleteInBatches,
  expired,
  olderThan,
  PURGE_MARGIN_MS,
  type PurgeRule,
  type Query,
  type RuleContext,
} from './purgeRules';
import { effectiveRetention, INSTANCE_SEEN_MS, retentionOf } from './retention';

export { PURGE_MARGIN_MS, type PurgeRule } from './purgeRules';

/** The purge lease is taken for this long and renewed after each batch; a crashed holder frees it after that. */
export const PURGE_LEASE_MS = 60_000;

export type PurgeConfig = ProviderConfig['purge'];

/** How many rows each rule deleted (or keys it retired), by table. */
export type PurgeCounts = Record<string, number>;

/** The result of one purge: what was deleted, or why nothing ran. */
export type PurgeResult =
  | { ran: true; counts: PurgeCounts; startedAt: number; finishedAt: number }
  | { ran: false; reason: 'running_elsewhere' | 'not_due' };

/**
 * Every rule, in the order they run: the core's single-use rows, each product's rules, then the core's counters, logs,
 * messages and keys.
 */
export const PURGE_RULES: PurgeRule[] = [
  {
    // Expired or revoked sessions, after the grace period (server calls answer `expired` / `revoked` until then).
    table: 'sessions',
    run: (context) => {
      const cutoff = context.now - context.retention.sessionGraceMs;
      return deleteInBatches(context, 'sessions', 'session_id', (query) =>
        query.where((eb: Query) => eb.or([eb('t.expires_at', '<=', cutoff), eb('t.revoked_at', '<=', cutoff)])),
      );
    },
  },
  {
    table: 'intermediate_sessions',
    run: olderThan('intermediate_sessions', 'intermediate_session_id', 'expires_at', expired),
  },
  { table: 'email_tokens', run: olderThan('email_tokens', 'token_id', 'expires_at', expired) },
  // Each product's rules (`purge` of its descriptor, src/products/<key>/descriptor.ts), in the descriptors' order.
  ...PRODUCT_DESCRIPTORS.flatMap((product) => product.purge ?? []),
  {
    // Fixed windows that have ended: the next request starts a new window anyway. The longest configured window.
    table: 'rate_limits',
    run: olderThan(
      'rate_limits',
      'bucket',
      'window_start',
      (c) => c.now - c.retention.rateLimitWindowMs - PURGE_MARGIN_MS,
    ),
  },
  {
    table: 'auth_failures',
    run: olderThan('auth_failures', 'failure_id', 'created_at', (c) => c.now - c.retention.authFailuresMs),
  },
  {
    table: 'dev_inbox',
    run: olderThan('dev_inbox', 'message_id', 'created_at', (c) => c.now - c.retention.devInboxMs),
  },
  {
    table: 'events',
    run: olderThan('events', 'event_id', 'created_at', (c) => c.now - c.retention.eventsMs),
  },
  {
    // Delivered messages (their content was erased on delivery) and messages given up on, after their retention.
    table: 'outbox_messages',
    run: async (context) => {
      const { retention } = context;
      const sent = await deleteInBatches(context, 'outbox_messages', 'message_id', (query) =>
        query.where('t.status', '=', 'sent').where('t.finished_at', '<=', context.now - retention.deliveredMessagesMs),
      );
      const failed = await deleteInBatches(context, 'outbox_messages', 'message_id', (query) =>
        query.where('t.status', '=', 'failed').where('t.finished_at', '<=', context.now - retention.failedMessagesMs),
      );
      return sent + failed;
    },
  },
  // Signing keys superseded long enough ago that every token they signed has expired: out of the JWKS, private
  // half erased (services/signingKeys.ts). The rows stay, for `keys list`. One rule per kind (session JWTs, then the
  // products' kinds: the identity provider's ID tokens).
  ...KEY_KINDS.map(
    (kind): PurgeRule => ({
      table: kind.table,
      run: (context) =>
        retireKeys(
          context.db,
          kind,
          context.now,
          context.retention.keys[kind.table] ?? keyRetentionMs(kind, context.config),
        ),
    }),
  ),
  {
    // Instances not heard of for INSTANCE_SEEN_MS (stopped without a word): their retention no longer counts.
    table: 'ops_instances',
    run: olderThan('ops_instances', 'instance_id', 'seen_at', (c) => c.now - INSTANCE_SEEN_MS),
  },
];

/** The purge lease was taken over by another instance (this one stalled past it), or the instance is stopping. */
class PurgeInterrupted extends Error {}

/**
 * Takes the lease `name` for PURGE_LEASE_MS if it is free (and, unless `force`, if its job last finished at least
 * `everyMs` ago): one conditional UPDATE, so exactly one instance wins.
 */
async function takeLease(
  db: Kysely<Database>,
  holder: string,
  now: number,
  options: { everyMs: number; force: boolean },
): Promise<boolean> {
  let query = db
    .updateTable('ops_leases')
    .set({ holder, expires_at: now + PURGE_LEASE_MS })
    .where('name', '=', 'purge')
    .where('expires_at', '<=', now);
  if (!options.force) query = query.where('last_finished_at', '<=', now - options.everyMs);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Runs every purge rule once, if this instance gets the lease. `force` (the CLI command) skips the "ran recently"
 * check but still waits for no other holder. `now` comes from the provider's clock.
 */
export async function runPurge(
  db: Kysely<Database>,
  config: ProviderConfig,
  options: { now: () => number; force?: boolean; shouldStop?: () => boolean },
): Promise<PurgeResult> {
  const holder = randomToken(12);
  const startedAt = options.now();
  const everyMs = config.purge.intervalMinutes * 60_000;
  if (!(await takeLease(db, holder, startedAt, { everyMs, force: options.force === true }))) {
    const lease = await db.selectFrom('ops_leases').selectAll().where('name', '=', 'purge').executeTakeFirst();
    return { ran: false, reason: lease && Number(lease.expires_at) > startedAt ? 'running_elsewhere' : 'not_due' };
  }
  const counts: PurgeCounts = {};
  const afterBatch = async () => {
    if (options.shouldStop?.()) throw new PurgeInterrupted('The purge stopped: the instance is shutting down.');
    const renewed = await db
      .updateTable('ops_leases')
      .set({ expires_at: options.now() + PURGE_LEASE_MS })
      .where('name', '=', 'purge')
      .where('holder', '=', holder)
      .executeTakeFirst();
    if (Number(renewed.numUpdatedRows) !== 1)
      throw new PurgeInterrupted('The purge lease was taken over by another instance.');
  };
  try {
    // Read once the lease is held: the longest retention of this configuration and the serving instances'.
    const retention = await effectiveRetention(db, retentionOf(config), options.now());
    for (const rule of PURGE_RULES) {
      // Each rule sees the time it starts at, so a long purge does not delete by a stale clock.
      const context: RuleContext = {
        db: db as AnyDb,
        now: options.now(),
        config,
        retention,
        batchSize: config.purge.batchSize,
        afterBatch,
      };
      counts[rule.table] = (counts[rule.table] ?? 0) + (await rule.run(context));
    }
  } finally {
    // Released: free at once, and stamped as finished (even after an error: the next run comes an interval later).
    await db
      .updateTable('ops_leases')
      .set({ holder: null, expires_at: 0, last_finished_at: options.now() })
      .where('name', '=', 'purge')
      .where('holder', '=', holder)
      .execute();
  }
  return { ran: true, counts, startedAt, finishedAt: options.now() };
}

/** A periodic purge: checks every `min(intervalMinutes, 5 minutes)`, runs when the last run is an interval old. */
export interface PurgeScheduler {
  start(): void;
  stop(): Promise<void>;
}

export function createPurgeScheduler(
  db: Kysely<Database>,
  config: ProviderConfig,
  options: {
    now: () => number;
    log?: (level: 'info' | 'error', message: string, fields: Record<string, unknown>) => void;
  },
): PurgeScheduler {
  const checkEveryMs = Math.min(config.purge.intervalMinutes * 60_000, 5 * 60_000);
  const log =
    options.log ??
    ((level, message, fields) => {
      const line = JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...fields });
      if (level === 'error') console.error(line);
    });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = runPurge(db, config, { now: options.now, shouldStop: () => stopped })
        .then((result) => {
          if (result.ran)
            log('info', 'purge finished', { counts: result.counts, ms: result.finishedAt - result.startedAt });
        })
        .catch((error) => log('error', 'purge failed', { error: (error as Error).message }))
        .finally(() => {
          running = null;
          schedule();
        });
    }, checkEveryMs);
    timer.unref();
  };
  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
