// The outbox: every outgoing email, text and WhatsApp message is first committed to `outbox_messages` by the request
// that sends it (one INSERT, its own transaction, before the request answers), then delivered by a worker with
// retries. Delivery is at least once: a message is claimed with a lease (one conditional UPDATE, so only one worker
// holds it), and a worker that dies mid-send leaves a lease that expires, after which any instance takes the message
// over. The message id is the idempotency key every sender receives, for the same message on every attempt.
//
// The recipient and content (passcodes, sign-in links) are encrypted with AES-256-GCM under a key derived from the
// HMAC key, which is never in the database, and erased from the row once the message is delivered or given up on.
import { type Kysely, sql } from 'kysely';
import type { ProviderConfig } from '../config';
import type { Database } from '../db/schema';
import type { Clock } from '../http/context';
import { scrub } from '../ops/logging';
import { type DeliveryContext, DeliveryError, type Outbox, type OutgoingMessage, sortableMessageId } from './outbox';
import { isSealed, seal, subkey, unseal } from './sealed';

export { DeliveryError };

import { randomToken } from './secrets';

/** The message counters of the metrics endpoint (`latchkey_messages_total{channel, outcome}`). */
export interface MessageMetrics {
  message(channel: OutgoingMessage['channel'], outcome: 'sent' | 'failed'): void;
}

/** One structured log entry of the worker (a final failure, an unexpected error). Never a recipient or content. */
export type OutboxLog = (level: 'warn' | 'error', message: string, fields: Record<string, unknown>) => void;

const defaultLog: OutboxLog = (level, message, fields) => {
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...fields });
  if (level === 'error') console.error(line);
  else console.warn(line);
};

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** The HMAC key: the payload key is derived from it. */
  hmacKey: Buffer;
  /** Where messages go: SMTP, Twilio, the development inbox, or the caller's own sender. */
  deliver: Outbox;
  config: ProviderConfig['outbox'];
  /** Wait for the first attempt before the sending request answers (development: the inbox shows codes at once). */
  awaitFirstAttempt: boolean;
  metrics?: MessageMetrics;
  log?: OutboxLog;
}

/** The outbox as the routes use it (`send` stores and starts delivery), with the worker's controls. */
export interface OutboxWorker extends Outbox {
  /** Delivers every message that is due now (also messages left by a stopped instance); returns how many were tried. */
  deliverDue(): Promise<number>;
  /** Starts looking for due messages every `pollIntervalSeconds`. */
  start(): void;
  /** Stops looking, and waits (at most `graceMs`) for the attempts in flight. */
  stop(graceMs?: number): Promise<void>;
}

/** At most this many messages are taken per pass, and this many delivered at once. */
const BATCH = 50;
const CONCURRENCY = 4;
/** How much of a failure's text is kept (its start). */
const MAX_ERROR_LENGTH = 300;
/** The `last_error` of a message given up on because the secret it carries is no longer live (`liveWhile`). */
export const SUPERSEDED_ERROR = 'superseded: the code it carries was replaced by a newer one, used or expired';

function payloadKey(hmacKey: Buffer): Buffer {
  return subkey(hmacKey, 'latchkey outbox payload v1');
}

type Payload = Omit<OutgoingMessage, 'channel'>;

// Bound to its row: a payload copied to another message id does not decrypt.
function encryptPayload(key: Buffer, messageId: string, payload: Payload): string {
  return seal(key, messageId, JSON.stringify(payload));
}

function decryptPayload(key: Buffer, messageId: string, text: string): Payload {
  if (!isSealed(text)) throw new Error('unknown payload format');
  return JSON.parse(unseal(key, messageId, text)) as Payload;
}

/**
 * A failure's text as it is stored and logged: a sender's error may quote the recipient or the message, so the
 * message's own passcodes and links (and the values in their query strings: a token quoted alone) are redacted by
 * value first, then it goes through the log's `scrub` (addresses and numbers masked, what looks like a passcode or a
 * token redacted), shortened.
 */
export function redactError(error: unknown, message?: Pick<OutgoingMessage, 'codes' | 'links'>): string {
  let text = error instanceof Error ? error.message : String(error);
  const secrets = new Set(message?.codes);
  for (const link of message?.links ?? []) {
    secrets.add(link);
    try {
      for (const value of new URL(link).searchParams.values()) if (value.length >= 8) secrets.add(value);
    } catch {
      // Not a URL: the link itself is redacted.
    }
  }
  // The longest first, so a link is redacted whole rather than around its token.
  for (const secret of [...secrets].filter(Boolean).sort((a, b) => b.length - a.length)) {
    text = text.split(secret).join('[redacted]');
  }
  return scrub(text).slice(0, MAX_ERROR_LENGTH);
}

/**
 * The wait before attempt `attempts + 1`: `initialBackoffSeconds` doubled per attempt made, at most
 * `maxBackoffSeconds`, less up to a fifth at random (so messages that failed together do not retry together), and
 * never less than the provider's `Retry-After`.
 */
export function backoffMs(
  config: ProviderConfig['outbox'],
  attempts: number,
  retryAfterMs = 0,
  random = Math.random(),
): number {
  const exponential = Math.min(config.maxBackoffSeconds, config.initialBackoffSeconds * 2 ** Math.max(0, attempts - 1));
  return Math.max(Math.round(exponential * 1000 * (1 - 0.2 * random)), retryAfterMs);
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, clock, deliver, config } = options;
  const key = payloadKey(options.hmacKey);
  const log = options.log ?? defaultLog;
  // A lease is twice the attempt timeout. An attempt that times out has its signal aborted, but a sender may take a
  // moment to stop (or ignore the signal), so the message keeps its lease until it ends and the retry is due no
  // sooner: no worker, here or in another instance, starts another send while this one may still be running. Only a
  // sender that ignores its signal for longer than the attempt timeout again can still overlap with the next attempt.
  const leaseMs = config.attemptTimeoutSeconds * 2000;
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  function track(promise: Promise<void>): Promise<void> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  }

  /**
   * Records the end of a message: delivered, or given up on (metrics and a log line). One `superseded` (its secret
   * no longer live: `liveWhile`) is stored as failed, with SUPERSEDED_ERROR, and neither counted nor logged: nothing
   * went wrong with the delivery.
   */
  async function finish(
    messageId: string,
    claim: string,
    channel: OutgoingMessage['channel'],
    outcome: 'sent' | 'failed' | 'superseded',
    attempts: number,
    error: string | null,
  ): Promise<void> {
    const result = await db
      .updateTable('outbox_messages')
      .set({
        status: outcome === 'sent' ? 'sent' : 'failed',
        payload: '',
        finished_at: clock.now(),
        lease_until: null,
        claim_token: null,
        last_error: error,
      })
      .where('message_id', '=', messageId)
      .where('claim_token', '=', claim)
      .executeTakeFirst();
    // Another worker took the message over (this attempt outlived its lease): that one records the outcome.
    if (Number(result.numUpdatedRows) !== 1 || outcome === 'superseded') return;
    options.metrics?.message(channel, outcome);
    if (outcome === 'failed') {
      log('error', 'outgoing message given up on', { message_id: messageId, channel, attempts, error });
    }
  }

  /**
   * Whether the row of the secret a message carries (`liveWhile`) is still unused and unexpired. Its table and columns
   * come from the sealed payload, which only the provider's own code writes (and they are quoted as identifiers).
   */
  async function isLive(row: NonNullable<OutgoingMessage['liveWhile']>): Promise<boolean> {
    const { rows } = await sql<{ live: number }>`select 1 as live from ${sql.table(row.table)} where ${sql.ref(
      row.idColumn,
    )} = ${row.id} and consumed_at is null and expires_at > ${clock.now()}`.execute(db);
    return rows.length > 0;
  }

  /** One attempt at one message: claims it (if it is due and free), hands it to the sender, records the outcome. */
  async function attempt(messageId: string): Promise<boolean> {
    const now = clock.now();
    const claim = randomToken(16);
    const leaseUntil = now + leaseMs;
    const [claimed] = await db
      .updateTable('outbox_messages')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), lease_until: leaseUntil, claim_token: claim }))
      .where('message_id', '=', messageId)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where('attempts', '<', config.maxAttempts)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
      .returning(['channel', 'payload', 'attempts'])
      .execute();
    if (!claimed) return false;
    const attempts = Number(claimed.attempts);
    const { channel } = claimed;
    let message: OutgoingMessage;
    let liveWhile: OutgoingMessage['liveWhile'];
    try {
      ({ liveWhile, ...message } = { channel, ...decryptPayload(key, messageId, claimed.payload) });
    } catch (error) {
      // Stored under another HMAC key (an instance with a different LATCHKEY_HMAC_KEY): nobody can send it.
      await finish(messageId, claim, channel, 'failed', attempts, `cannot decrypt: ${redactError(error)}`);
      return true;
    }
    // A passcode a newer one replaced (or used, or expired) is not delivered, whichever instance retries it: the user
    // would get the dead code last, and typing it would cost a guess at the live one.
    if (liveWhile !== undefined && !(await isLive(liveWhile))) {
      await finish(messageId, claim, channel, 'superseded', attempts, SUPERSEDED_ERROR);
      return true;
    }
    // The attempt timeout ends the attempt and aborts the sender's signal, with a `TimeoutError` as the reason (as
    // `AbortSignal.timeout` would), so that the send in flight stops rather than running on beside the retry.
    const controller = new AbortController();
    const context: DeliveryContext = { idempotencyKey: messageId, attempt: attempts, signal: controller.signal };
    const sending = (async () => deliver.send(message, context))();
    try {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        sending,
        new Promise<never>((_, reject) => {
          timeout = setTimeout(() => {
            const text = `no answer within ${config.attemptTimeoutSeconds} s`;
            reject(new DeliveryError(text, { retryable: true }));
            controller.abort(new DOMException(text, 'TimeoutError'));
          }, config.attemptTimeoutSeconds * 1000);
        }),
      ]).finally(() => clearTimeout(timeout));
      await finish(messageId, claim, channel, 'sent', attempts, null);
    } catch (error) {
      const reason = redactError(error, message);
      // Only the timer aborts the signal, and it is cleared as soon as the sender answers: aborted means timed out.
      const timedOut = controller.signal.aborted;
      const retryable = !(error instanceof DeliveryError) || error.retryable;
      if (timedOut) {
        // The send may still be running, or have delivered the message without answering yet: the row keeps this
        // attempt's lease and claim, and the retry is due no sooner than the lease's end. A send that succeeds late,
        // while the claim is still this attempt's, records the message as sent (so no retry repeats it, and a last
        // attempt is not recorded as failed); one that fails late changes nothing. A last attempt that stays
        // unanswered is recorded as failed by `sweepAbandoned` once its lease has ended.
        void track(
          sending
            .then(
              () => finish(messageId, claim, channel, 'sent', attempts, null),
              () => {},
            )
            .catch((late) =>
              log('error', 'outbox attempt failed unexpectedly', {
                message_id: messageId,
                error: redactError(late, message),
              }),
            ),
        );
      } else if (!retryable || attempts >= config.maxAttempts) {
        await finish(messageId, claim, channel, 'failed', attempts, reason);
        return true;
      }
      const retryAfter = error instanceof DeliveryError ? error.retryAfterMs : undefined;
      const retryAt = clock.now() + backoffMs(config, attempts, retryAfter);
      await db
        .updateTable('outbox_messages')
        .set({
          next_attempt_at: timedOut ? Math.max(retryAt, leaseUntil) : retryAt,
          // A send that answered, even with an error, is over: its lease ends at once. A timed-out one keeps it.
          ...(timedOut ? {} : { lease_until: null, claim_token: null }),
          last_error: reason,
        })
        .where('message_id', '=', messageId)
        .where('claim_token', '=', claim)
        .execute();
      if (attempts < config.maxAttempts) {
        log('warn', 'outgoing message attempt failed; it will be retried', {
          message_id: messageId,
          channel,
          attempts,
          error: reason,
        });
      }
    }
    return true;
  }

  /** An attempt that never throws (the caller's request must not fail because delivery did). */
  function safeAttempt(messageId: string): Promise<void> {
    return track(
      attempt(messageId).then(
        () => undefined,
        (error) =>
          log('error', 'outbox attempt failed unexpectedly', { message_id: messageId, error: redactError(error) }),
      ),
    );
  }

  /** Messages whose last lease expired with every attempt used (their worker died): recorded as failed. */
  async function sweepAbandoned(now: number): Promise<void> {
    const abandoned = await db
      .selectFrom('outbox_messages')
      .select(['message_id', 'channel', 'attempts', 'claim_token'])
      .where('status', '=', 'pending')
      .where('attempts', '>=', config.maxAttempts)
      .where((eb) => eb.or([eb('lease_until', '<=', now), eb('lease_until', 'is', null)]))
      .limit(BATCH)
      .execute();
    for (const row of abandoned) {
      if (row.claim_token !== null) {
        await finish(
          row.message_id,
          row.claim_token,
          row.channel,
          'failed',
          Number(row.attempts),
          'no answer from the last attempt',
        );
        continue;
      }
      // No attempt under way, and none left: `outbox.maxAttempts` was lowered below the attempts it had made. Never
      // claimed again, it would wait forever (its sealed content kept, its failure never counted): given up on now.
      const claim = randomToken(16);
      const claimed = await db
        .updateTable('outbox_messages')
        .set({ claim_token: claim })
        .where('message_id', '=', row.message_id)
        .where('status', '=', 'pending')
        .where('lease_until', 'is', null)
        .where('claim_token', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      await finish(
        row.message_id,
        claim,
        row.channel,
        'failed',
        Number(row.attempts),
        'no attempt left (outbox.maxAttempts)',
      );
    }
  }

  async function deliverDue(): Promise<number> {
    const now = clock.now();
    await sweepAbandoned(now);
    const due = await db
      .selectFrom('outbox_messages')
      .select('message_id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where('attempts', '<', config.maxAttempts)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .orderBy('message_id')
      .limit(BATCH)
      .execute();
    let tried = 0;
    const queue = due.map((row) => row.message_id);
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          let claimed = false;
          await track(
            attempt(id).then(
              (result) => {
                claimed = result;
              },
              (error) =>
                log('error', 'outbox attempt failed unexpectedly', { message_id: id, error: redactError(error) }),
            ),
          );
          if (claimed) tried += 1;
        }
      }),
    );
    return tried;
  }

  // The background pass under way, if any: `stop` waits for it as for the attempts it starts, so that a pass which
  // is still claiming messages when the instance stops does not run into a closed database.
  let pass: Promise<void> | null = null;
  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(async () => {
      timer = null;
      pass = deliverDue().then(
        () => {},
        (error) => log('error', 'outbox pass failed', { error: redactError(error) }),
      );
      await pass;
      pass = null;
      schedule();
    }, config.pollIntervalSeconds * 1000);
    timer.unref();
  }

  return {
    async send(message) {
      const { channel, ...payload } = message;
      const messageId = sortableMessageId();
      const now = clock.now();
      await db
        .insertInto('outbox_messages')
        .values({
          message_id: messageId,
          channel,
          payload: encryptPayload(key, messageId, payload),
          status: 'pending',
          attempts: 0,
          next_attempt_at: now,
          lease_until: null,
          claim_token: null,
          last_error: null,
          created_at: now,
          finished_at: null,
        })
        .execute();
      // The message is committed: the first attempt starts now, in this instance.
      const first = safeAttempt(messageId);
      if (options.awaitFirstAttempt) await first;
    },
    deliverDue,
    start() {
      stopped = false;
      if (timer === null) schedule();
    },
    async stop(graceMs = 5000) {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      if (inFlight.size === 0 && pass === null) return;
      let wait: NodeJS.Timeout | undefined;
      const current = pass;
      await Promise.race([
        // The pass first (it may still add attempts), then every attempt in flight.
        Promise.resolve(current).then(() => Promise.allSettled([...inFlight])),
        new Promise((resolve) => {
          wait = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(wait);
    },
  };
}
