// How long the purge keeps what it keeps, agreed across instances. Every value the purge reads from the configuration
// (the grace of ended sessions, the longest rate-limit window, the retention of logs and messages, how long a
// superseded signing key stays published) is the longest among this process's own configuration and that of every
// instance serving on the database: each instance announces its values in `ops_instances` at start and every few
// minutes, and forgets them when it stops. So a purge run with another configuration (`latchkey-provider purge` with
// another `--config`, or an instance of a rolling deploy) never deletes what a serving instance still relies on: a
// rate-limit window it still counts, a key whose tokens it still issues. An announcement lasts only as long as its
// instance, so a signing key's retention is also recorded on the key's row by every instance that signs with it
// (services/signingKeys.ts): that keeps the key published, and unretired, after those instances stopped.
import type { Kysely } from 'kysely';
import type { ProviderConfig } from '../config';
import type { Database } from '../db/schema';
import { KEY_KINDS, keyRetentionMs } from '../services/signingKeys';
import { DAY, HOUR } from './purgeRules';

/** The retention the purge applies, in ms. `keys` is by key table (`signing_keys`, then the products' kinds). */
export interface Retention {
  sessionGraceMs: number;
  rateLimitWindowMs: number;
  authFailuresMs: number;
  devInboxMs: number;
  eventsMs: number;
  deliveredMessagesMs: number;
  failedMessagesMs: number;
  keys: Record<string, number>;
}

/** An instance announces itself this often (and at start); one not heard of for INSTANCE_SEEN_MS counts as gone. */
export const ANNOUNCE_EVERY_MS = 5 * 60_000;
export const INSTANCE_SEEN_MS = 3 * ANNOUNCE_EVERY_MS;

/** The retention a configuration asks for. */
export function retentionOf(config: ProviderConfig): Retention {
  const { purge } = config;
  return {
    sessionGraceMs: purge.sessionGraceDays * DAY,
    rateLimitWindowMs: Math.max(...Object.values(config.rateLimits).map((limit) => limit.windowSeconds)) * 1000,
    authFailuresMs: purge.authFailuresDays * DAY,
    devInboxMs: purge.devInboxHours * HOUR,
    eventsMs: purge.eventsDays * DAY,
    deliveredMessagesMs: purge.deliveredMessagesHours * HOUR,
    failedMessagesMs: purge.failedMessagesDays * DAY,
    keys: Object.fromEntries(KEY_KINDS.map((kind) => [kind.table, keyRetentionMs(kind, config)])),
  };
}

const MS_FIELDS = [
  'sessionGraceMs',
  'rateLimitWindowMs',
  'authFailuresMs',
  'devInboxMs',
  'eventsMs',
  'deliveredMessagesMs',
  'failedMessagesMs',
] as const satisfies readonly Exclude<keyof Retention, 'keys'>[];

/**
 * The longer of `a` and each value `announced` holds, field by field. `announced` is a row's JSON: a field missing or
 * not a finite number (a row of another version) leaves `a`'s value.
 */
export function longest(a: Retention, announced: unknown): Retention {
  if (typeof announced !== 'object' || announced === null) return a;
  const other = announced as Partial<Record<keyof Retention, unknown>>;
  const max = (mine: number, theirs: unknown) =>
    typeof theirs === 'number' && Number.isFinite(theirs) ? Math.max(mine, theirs) : mine;
  const result: Retention = { ...a, keys: { ...a.keys } };
  for (const field of MS_FIELDS) result[field] = max(a[field], other[field]);
  const keys = typeof other.keys === 'object' && other.keys !== null ? (other.keys as Record<string, unknown>) : {};
  for (const table of Object.keys(result.keys)) result.keys[table] = max(a.keys[table] ?? 0, keys[table]);
  return result;
}

/** Records (or renews) this instance's retention: one upsert. */
export async function announceRetention(
  db: Kysely<Database>,
  instanceId: string,
  retention: Retention,
  now: number,
): Promise<void> {
  const values = { retention: JSON.stringify(retention), seen_at: now };
  await db
    .insertInto('ops_instances')
    .values({ instance_id: instanceId, ...values })
    .onConflict((conflict) => conflict.column('instance_id').doUpdateSet(values))
    .execute();
}

/** This instance stops: its retention no longer holds anything back. */
export async function forgetInstance(db: Kysely<Database>, instanceId: string): Promise<void> {
  await db.deleteFrom('ops_instances').where('instance_id', '=', instanceId).execute();
}

/** `own`, lengthened by every instance heard of in the last INSTANCE_SEEN_MS. */
export async function effectiveRetention(db: Kysely<Database>, own: Retention, now: number): Promise<Retention> {
  const rows = await db
    .selectFrom('ops_instances')
    .select('retention')
    .where('seen_at', '>', now - INSTANCE_SEEN_MS)
    .execute();
  let retention = own;
  for (const row of rows) {
    try {
      retention = longest(retention, JSON.parse(row.retention));
    } catch {
      // Not JSON: ignored, like a field this version does not know.
    }
  }
  return retention;
}

/** Announces `retention` at start and every ANNOUNCE_EVERY_MS; `stop()` forgets the instance. */
export function startAnnouncing(
  db: Kysely<Database>,
  instanceId: string,
  retention: Retention,
  options: { now: () => number; onError: (error: unknown) => void },
): { ready: Promise<void>; stop(): Promise<void> } {
  const announce = () => announceRetention(db, instanceId, retention, options.now()).catch(options.onError);
  const ready = announce();
  const timer = setInterval(announce, ANNOUNCE_EVERY_MS);
  timer.unref();
  return {
    ready,
    async stop() {
      clearInterval(timer);
      await ready;
      await forgetInstance(db, instanceId).catch(options.onError);
    },
  };
}
