// The outbox: a message is committed by the request that sends it, delivered by a worker with retries and exponential
// backoff, taken over by another instance when its worker stops, and recorded (metric and log) when given up on.
// Runs on SQLite, and on PostgreSQL with LATCHKEY_TEST_POSTGRES_URL.
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_PKCE } from '../../test/browserPkce';
import { captureLog, deferred, deploymentKeys, openProvider, sdkPost, sharedDatabase } from '../../test/opsSupport';
import { FollowingClock, freshDatabase, START, startProvider, TestClock } from '../../testing/harness';
import { type ProviderConfigInput, parseConfig } from '../config';
import { createProvider } from '../provider';
import { type DeliveryContext, DeliveryError, type Outbox, type OutgoingMessage } from './outbox';
import { backoffMs, SUPERSEDED_ERROR } from './outboxWorker';
import { createTwilioSender } from './twilio';

/** After real deliveries, on a machine that may be busy: much longer than vi.waitFor's default second. */
const WAIT = { timeout: 10_000 };

const PHONE = '+14155550100';
const SMTP = { url: 'smtp://127.0.0.1:9', from: 'login@acme.example' };

/** A sender that records every attempt and answers as `outcome(attempt)` says. */
function recordingSender(outcome: (attempt: number) => Promise<void> | void = () => {}) {
  const attempts: { message: OutgoingMessage; context: DeliveryContext | undefined }[] = [];
  const sender: Outbox = {
    async send(message, context) {
      attempts.push({ message, context });
      await outcome(attempts.length);
    },
  };
  return { sender, attempts };
}

const production = (outbox: ProviderConfigInput['outbox'] = {}): ProviderConfigInput => ({
  mode: 'production',
  smtp: SMTP,
  outbox,
  metrics: { enabled: true },
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the outbox', () => {
  it('commits the message before the request answers, encrypted, without waiting for the sender in production', async () => {
    const release = deferred();
    const { sender, attempts } = recordingSender(() => release.promise);
    const t = await startProvider(production(), { outbox: sender, background: false });
    const response = await t.post('/otps/sms/login_or_create', { phone_number: PHONE });
    expect(response.status).toBe(200);
    // The sender has it (the first attempt starts at once, after the answer) but has not answered: the request did
    // not wait. Its claim is written before the sender is called, so the row is read once the sender has it (on a busy
    // machine the answer can arrive before the attempt has started).
    await vi.waitFor(() => expect(attempts).toHaveLength(1), WAIT);
    const { db } = t.provider.database;
    const [row] = await db.selectFrom('outbox_messages').selectAll().execute();
    expect(row).toMatchObject({ channel: 'sms', status: 'pending', attempts: 1, lease_until: START + 60_000 });
    const code = attempts[0]?.message.codes[0] as string;
    expect(attempts[0]?.message).toMatchObject({ channel: 'sms', to: PHONE });
    expect(attempts[0]?.context).toEqual({
      idempotencyKey: row?.message_id,
      attempt: 1,
      signal: expect.any(AbortSignal),
    });
    // Neither the code nor the number is readable in the database.
    expect(row?.payload).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(row?.payload).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(PHONE.slice(1));
    release.resolve();
    await vi.waitFor(
      async () =>
        expect(await db.selectFrom('outbox_messages').select(['status', 'payload', 'lease_until']).execute()).toEqual([
          { status: 'sent', payload: '', lease_until: null },
        ]),
      WAIT,
    );
    // The worker counts the message once its row is written: the row may be seen committed a moment before that.
    await vi.waitFor(
      async () =>
        expect(await t.provider.metrics.render()).toContain('latchkey_messages_total{channel="sms",outcome="sent"} 1'),
      WAIT,
    );
  });

  it('retries with exponential backoff, then records the final failure in the metrics and the log', async () => {
    const { sender, attempts } = recordingSender(() => {
      throw new Error(`connection reset while talking to ${PHONE}`);
    });
    const log = captureLog();
    const t = await startProvider(production({ maxAttempts: 3, initialBackoffSeconds: 10 }), {
      outbox: sender,
      background: false,
      logger: log.logger,
    });
    expect((await t.post('/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    const { db } = t.provider.database;
    const row = () => db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    await vi.waitFor(async () => expect((await row()).last_error).not.toBeNull(), WAIT);
    // The failure is logged once its row is written (the row may be seen a moment before): the log's order is checked
    // below, so its first warning must be in before the next attempts run.
    await vi.waitFor(() => expect(log.entries().filter((entry) => entry.level === 'warn')).toHaveLength(1), WAIT);
    // First retry 10 s later (less up to a fifth of jitter), the second 20 s after that.
    let stored = await row();
    expect(stored).toMatchObject({ status: 'pending', attempts: 1, lease_until: null, claim_token: null });
    expect(stored.next_attempt_at - START).toBeGreaterThanOrEqual(8_000);
    expect(stored.next_attempt_at - START).toBeLessThanOrEqual(10_000);
    // The recipient a sender's error quotes is kept masked, as the log masks it.
    expect(stored.last_error).toBe('connection reset while talking to +*********00');
    expect(await t.provider.outbox.deliverDue()).toBe(0);
    t.clock.advance(10_000);
    expect(await t.provider.outbox.deliverDue()).toBe(1);
    stored = await row();
    expect(stored.attempts).toBe(2);
    expect(stored.next_attempt_at - t.clock.now()).toBeGreaterThanOrEqual(16_000);
    expect(stored.next_attempt_at - t.clock.now()).toBeLessThanOrEqual(20_000);
    t.clock.advance(20_000);
    expect(await t.provider.outbox.deliverDue()).toBe(1);
    expect(attempts.map((attempt) => attempt.context?.attempt)).toEqual([1, 2, 3]);
    // The same idempotency key on every attempt.
    expect(new Set(attempts.map((attempt) => attempt.context?.idempotencyKey)).size).toBe(1);
    expect(await row()).toMatchObject({ status: 'failed', attempts: 3, payload: '', finished_at: t.clock.now() });
    t.clock.advance(3_600_000);
    expect(await t.provider.outbox.deliverDue()).toBe(0);
    expect(attempts).toHaveLength(3);
    expect(await t.provider.metrics.render()).toContain('latchkey_messages_total{channel="sms",outcome="failed"} 1');
    const entries = log.entries().filter((entry) => entry.msg !== 'request');
    // Each failed attempt is a warning; the last one is the error that records the failure.
    expect(entries.map((entry) => [entry.level, entry.msg])).toEqual([
      ['warn', 'outgoing message attempt failed; it will be retried'],
      ['warn', 'outgoing message attempt failed; it will be retried'],
      ['error', 'outgoing message given up on'],
    ]);
    expect(entries[2]).toMatchObject({
      channel: 'sms',
      attempts: 3,
      message_id: stored.message_id,
      error: 'connection reset while talking to +*********00',
    });
    expect(log.text()).not.toContain(PHONE.slice(2));
    expect(log.text()).not.toContain(attempts[0]?.message.codes[0]);
  });

  it('gives up at once on a failure the sender marks final', async () => {
    const { sender, attempts } = recordingSender(() => {
      throw new DeliveryError('the number cannot receive messages', { retryable: false });
    });
    const t = await startProvider(production(), { outbox: sender, background: false, logger: captureLog().logger });
    expect((await t.post('/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    const { db } = t.provider.database;
    await vi.waitFor(
      async () =>
        expect(await db.selectFrom('outbox_messages').select(['status', 'attempts', 'last_error']).execute()).toEqual([
          { status: 'failed', attempts: 1, last_error: 'the number cannot receive messages' },
        ]),
      WAIT,
    );
    t.clock.advance(3_600_000);
    expect(await t.provider.outbox.deliverDue()).toBe(0);
    expect(attempts).toHaveLength(1);
  });

  it("keeps no passcode, link or token out of a sender's error that quotes the message, in the row or the log", async () => {
    const { sender, attempts } = recordingSender(() => {
      const { text, links } = attempts.at(-1)?.message ?? { text: '', links: [] };
      const token = new URL(links[0] ?? 'http://x/').searchParams.get('token');
      throw new Error(`rejected (token ${token}): ${text}`);
    });
    const log = captureLog();
    const t = await startProvider(production(), { outbox: sender, background: false, logger: log.logger });
    expect((await t.post('/otps/email/login_or_create', { email: 'ada@example.com' })).status).toBe(200);
    expect(
      (
        await t.post('/magic_links/email/login_or_create', {
          email: 'lin@example.com',
          code_challenge: BROWSER_PKCE.challenge,
        })
      ).status,
    ).toBe(200);
    const { db } = t.provider.database;
    const rows = () => db.selectFrom('outbox_messages').select(['status', 'last_error']).execute();
    await vi.waitFor(async () => expect((await rows()).every((row) => row.last_error !== null)).toBe(true), WAIT);
    // Each failure is logged once its row is written (the rows may be seen a moment before): the log is checked below
    // for the secrets, so both lines must be in it first.
    const warnings = () =>
      log.entries().filter((entry) => entry.msg === 'outgoing message attempt failed; it will be retried');
    await vi.waitFor(() => expect(warnings()).toHaveLength(2), WAIT);
    // The two deliveries run side by side after their requests, in either order (on PostgreSQL, often the link first).
    const messages = attempts.map((attempt) => attempt.message);
    expect(messages).toHaveLength(2);
    const passcodeMessage = messages.find((message) => message.links.length === 0);
    const linkMessage = messages.find((message) => message.links.length > 0);
    const code = passcodeMessage?.codes[0] ?? '';
    const token = new URL(linkMessage?.links[0] ?? '').searchParams.get('token') ?? '';
    // The passcode ends a sentence ('… is 123456.'), which the pattern for free text used to let through.
    expect(passcodeMessage?.text).toContain(`${code}.`);
    expect(code).toMatch(/^\d{6,8}$/);
    expect(token.length).toBeGreaterThan(20);
    const stored = (await rows()).map((row) => row.last_error ?? '').join('\n');
    expect(stored).toContain('[redacted]');
    for (const secret of [code, token, linkMessage?.links[0] ?? '']) {
      expect(stored).not.toContain(secret);
      expect(log.text()).not.toContain(secret);
    }
    expect((await rows()).map((row) => row.status)).toEqual(['pending', 'pending']);
  });

  it('delivers a message its instance left mid-attempt from another instance once the lease expires, with the same key', async () => {
    const db = await sharedDatabase();
    const keys = deploymentKeys();
    const clock = new TestClock();
    const hang = deferred();
    const stuck = recordingSender(() => hang.promise);
    const first = await openProvider({
      db,
      config: production(),
      clock,
      ...keys,
      outbox: stuck.sender,
      background: false,
    });
    expect((await sdkPost(first, '/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    await vi.waitFor(() => expect(stuck.attempts).toHaveLength(1), WAIT);
    // The first instance hangs in its attempt (or was killed): its lease holds for twice the attempt timeout.
    const working = recordingSender();
    const second = await openProvider({
      db,
      config: production(),
      clock,
      ...keys,
      outbox: working.sender,
      background: false,
    });
    expect(await second.outbox.deliverDue()).toBe(0);
    clock.advance(59_999);
    expect(await second.outbox.deliverDue()).toBe(0);
    clock.advance(1);
    expect(await second.outbox.deliverDue()).toBe(1);
    expect(working.attempts).toHaveLength(1);
    expect(working.attempts[0]?.message).toEqual(stuck.attempts[0]?.message);
    expect(working.attempts[0]?.context).toEqual({
      idempotencyKey: stuck.attempts[0]?.context?.idempotencyKey,
      attempt: 2,
      signal: expect.any(AbortSignal),
    });
    const outcome = () => second.database.db.selectFrom('outbox_messages').select(['status', 'attempts']).execute();
    expect(await outcome()).toEqual([{ status: 'sent', attempts: 2 }]);
    // The first attempt answers at last: its lease was taken over, so it records nothing.
    hang.resolve();
    await first.close();
    expect(await outcome()).toEqual([{ status: 'sent', attempts: 2 }]);
  });

  it('gives up on a waiting message whose attempts a lowered outbox.maxAttempts has used up, erasing its content', async () => {
    const db = await sharedDatabase();
    const keys = deploymentKeys();
    const clock = new TestClock();
    const failing = recordingSender(() => {
      throw new Error('connection reset');
    });
    const before = await openProvider({
      db,
      config: production({ maxAttempts: 5 }),
      clock,
      ...keys,
      outbox: failing.sender,
      background: false,
    });
    expect((await sdkPost(before, '/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    const rows = () =>
      before.database.db
        .selectFrom('outbox_messages')
        .select(['status', 'attempts', 'payload', 'last_error'])
        .execute();
    // The first attempt has failed (not merely started: its failure is recorded).
    await vi.waitFor(
      async () =>
        expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connection reset' }),
      WAIT,
    );
    // Within the passcode's lifetime (a retry of an expired code is given up as superseded instead).
    clock.advance(60_000);
    expect(await before.outbox.deliverDue()).toBe(1);
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 2 });
    // The next version of the deployment allows two attempts: the message has none left.
    const after = await openProvider({
      db,
      config: production({ maxAttempts: 2 }),
      clock,
      ...keys,
      outbox: recordingSender().sender,
      background: false,
    });
    clock.advance(3_600_000);
    await after.outbox.deliverDue();
    expect(await rows()).toEqual([
      { status: 'failed', attempts: 2, payload: '', last_error: 'no attempt left (outbox.maxAttempts)' },
    ]);
    expect(failing.attempts).toHaveLength(2);
  });

  it('hands a due message to one of two instances that look at once', async () => {
    const db = await sharedDatabase();
    const keys = deploymentKeys();
    const clock = new TestClock();
    let failFirst = true;
    const senders = [0, 1].map(() =>
      recordingSender(() => {
        if (failFirst) {
          failFirst = false;
          throw new Error('temporary failure');
        }
      }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const providers = [];
    for (const { sender } of senders) {
      providers.push(
        await openProvider({ db, config: production(), clock, ...keys, outbox: sender, background: false }),
      );
    }
    const [one, two] = providers as [(typeof providers)[0], (typeof providers)[0]];
    for (let index = 0; index < 5; index += 1) {
      const response = await sdkPost(one, '/otps/sms/login_or_create', { phone_number: `+1415555020${index}` });
      expect(response.status).toBe(200);
    }
    // Each message has had its first attempt (a row not yet claimed holds no lease either) and none is held.
    await vi.waitFor(async () => {
      expect(senders.flatMap(({ attempts }) => attempts)).toHaveLength(5);
      expect(
        await one.database.db
          .selectFrom('outbox_messages')
          .select('status')
          .where('lease_until', 'is not', null)
          .execute(),
      ).toEqual([]);
    }, WAIT);
    clock.advance(2_000);
    const tried = await Promise.all([one.outbox.deliverDue(), two.outbox.deliverDue(), one.outbox.deliverDue()]);
    expect(tried.reduce((sum, count) => sum + count, 0)).toBe(1);
    const delivered = senders.flatMap(({ attempts }) => attempts.map((attempt) => attempt.message.to));
    // Five messages, one of them twice (its first attempt failed): each number reached once successfully.
    expect(delivered.sort()).toHaveLength(6);
    expect(new Set(delivered).size).toBe(5);
    expect(
      await one.database.db.selectFrom('outbox_messages').select('status').where('status', '!=', 'sent').execute(),
    ).toEqual([]);
  });

  it('retries in the background, without anyone asking', async () => {
    let calls = 0;
    const { sender, attempts } = recordingSender(() => {
      calls += 1;
      if (calls < 3) throw new DeliveryError('Twilio answered 503', { retryable: true });
    });
    const t = await startProvider(production({ pollIntervalSeconds: 0.05, initialBackoffSeconds: 0.1 }), {
      outbox: sender,
      clock: new FollowingClock(),
      logger: captureLog().logger,
    });
    expect((await t.post('/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    await vi.waitFor(
      async () =>
        expect(
          await t.provider.database.db.selectFrom('outbox_messages').select(['status', 'attempts']).execute(),
        ).toEqual([{ status: 'sent', attempts: 3 }]),
      { timeout: 15_000 },
    );
    expect(attempts).toHaveLength(3);
  });

  it('stops only once a background pass under way has finished, so it never runs into a closed database', async () => {
    const { database: fresh, drop } = await freshDatabase();
    // Every statement's answer waits while `held` is set: a pass of the background worker stops mid-way.
    let held: { release: Promise<void>; reached(): void } | null = null;
    const gated = fresh.db.withPlugin({
      transformQuery: (args) => args.node,
      async transformResult(args) {
        const gate = held;
        if (gate) {
          gate.reached();
          await gate.release;
        }
        return args.result;
      },
    });
    const captured = captureLog();
    const provider = await createProvider({
      db: { ...fresh, db: gated },
      config: production({ pollIntervalSeconds: 0.05 }),
      ...deploymentKeys(),
      outbox: recordingSender().sender,
      logger: captured.logger,
    });
    const release = deferred();
    const reached = deferred();
    held = { release: release.promise, reached: () => reached.resolve() };
    await reached.promise;
    let closed = false;
    const closing = provider.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    held = null;
    release.resolve();
    await closing;
    await drop();
    expect(captured.text()).not.toContain('outbox pass failed');
  });

  it('gives up a retry whose passcode a newer one replaced: only the live code is delivered, and no failure is counted', async () => {
    // The first attempt fails; every later one goes through.
    const { sender, attempts } = recordingSender((attempt) => {
      if (attempt === 1) throw new Error('connection reset');
    });
    const log = captureLog();
    const t = await startProvider(production({ initialBackoffSeconds: 10 }), {
      outbox: sender,
      background: false,
      logger: log.logger,
    });
    const { db } = t.provider.database;
    const rows = () =>
      db.selectFrom('outbox_messages').select(['status', 'payload', 'last_error']).orderBy('message_id').execute();
    const first = await t.post('/otps/sms/login_or_create', { phone_number: PHONE });
    expect(first.status).toBe(200);
    await vi.waitFor(async () => expect((await rows())[0]?.last_error).toBe('connection reset'), WAIT);
    // The user asks again before the retry: a new code, which goes out at once.
    expect((await t.post('/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    await vi.waitFor(async () => expect((await rows())[1]?.status).toBe('sent'), WAIT);
    expect(attempts).toHaveLength(2);
    const liveCode = attempts[1]?.message.codes[0] as string;
    expect(attempts[0]?.message.codes[0]).not.toBe(liveCode);
    // The retry is due: the old message is given up, not delivered after the live code.
    t.clock.advance(10_000);
    expect(await t.provider.outbox.deliverDue()).toBe(1);
    expect(attempts).toHaveLength(2);
    expect(await rows()).toEqual([
      { status: 'failed', payload: '', last_error: SUPERSEDED_ERROR },
      { status: 'sent', payload: '', last_error: null },
    ]);
    // The code the user got last is the live one.
    const signIn = await t.post('/otps/authenticate', {
      token: liveCode,
      method_id: first.json.data.method_id,
      session_duration_minutes: 60,
    });
    expect(signIn.status).toBe(200);
    t.clock.advance(3_600_000);
    expect(await t.provider.outbox.deliverDue()).toBe(0);
    expect(attempts).toHaveLength(2);
    // Not a delivery failure: neither counted nor logged as one.
    const metrics = await t.provider.metrics.render();
    expect(metrics).toContain('latchkey_messages_total{channel="sms",outcome="sent"} 1');
    expect(metrics).not.toContain('outcome="failed"} 1');
    expect(log.entries().filter((entry) => entry.level === 'error')).toEqual([]);
    // The sender never saw the outbox's own field.
    expect(attempts.every((attempt) => !('liveWhile' in attempt.message))).toBe(true);
  });

  it('gives up a replaced passcode whichever instance retries it', async () => {
    const db = await sharedDatabase();
    const keys = deploymentKeys();
    const clock = new TestClock();
    const failing = recordingSender(() => {
      throw new Error('connection reset');
    });
    const working = recordingSender();
    const open = (sender: Outbox) =>
      openProvider({
        db,
        config: production({ initialBackoffSeconds: 10 }),
        clock,
        ...keys,
        outbox: sender,
        background: false,
        logger: captureLog().logger,
      });
    const one = await open(failing.sender);
    const two = await open(working.sender);
    expect((await sdkPost(one, '/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    await vi.waitFor(() => expect(failing.attempts).toHaveLength(1), WAIT);
    const outbox = () =>
      two.database.db.selectFrom('outbox_messages').select(['status', 'last_error']).orderBy('message_id').execute();
    await vi.waitFor(async () => expect((await outbox())[0]?.last_error).toBe('connection reset'), WAIT);
    expect((await sdkPost(two, '/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    await vi.waitFor(async () => expect((await outbox())[1]?.status).toBe('sent'), WAIT);
    clock.advance(10_000);
    expect(await two.outbox.deliverDue()).toBe(1);
    expect(working.attempts).toHaveLength(1);
    expect(failing.attempts).toHaveLength(1);
    expect(await outbox()).toEqual([
      { status: 'failed', last_error: SUPERSEDED_ERROR },
      { status: 'sent', last_error: null },
    ]);
  });

  it('in development, delivers before the request answers: the inbox shows the code at once', async () => {
    const t = await startProvider({}, { background: false });
    expect((await t.post('/otps/email/login_or_create', { email: 'ada@example.com' })).status).toBe(200);
    expect(await t.lastCode('ada@example.com')).toMatch(/^\d{6}$/);
    expect(
      await t.provider.database.db.selectFrom('outbox_messages').select(['channel', 'status', 'payload']).execute(),
    ).toEqual([{ channel: 'email', status: 'sent', payload: '' }]);
  });
});

/** A sender that answers only when the attempt's signal aborts: it fails then with its reason, as `fetch` does. */
function abortableSender() {
  const calls: { context: DeliveryContext | undefined; startedAt: number; abortedAt: number | null }[] = [];
  const sender: Outbox = {
    send(_message, context) {
      const call = { context, startedAt: performance.now(), abortedAt: null as number | null };
      calls.push(call);
      return new Promise((_, reject) => {
        context?.signal?.addEventListener(
          'abort',
          () => {
            call.abortedAt = performance.now();
            reject(context.signal.reason);
          },
          { once: true },
        );
      });
    },
  };
  return { sender, calls };
}

/**
 * Two instances on one database, each with its own sender, a 1 s attempt timeout (so a 2 s lease) and a clock that
 * moves only when told: the attempt timeout runs in real time, the lease and the backoff in the clock's.
 */
async function twoInstances(first: Outbox, second: Outbox, outbox: ProviderConfigInput['outbox'] = {}) {
  const db = await sharedDatabase();
  const keys = deploymentKeys();
  const clock = new TestClock();
  const log = captureLog();
  const open = (sender: Outbox) =>
    openProvider({
      db,
      config: production({ attemptTimeoutSeconds: 1, ...outbox }),
      clock,
      ...keys,
      outbox: sender,
      background: false,
      logger: log.logger,
    });
  const one = await open(first);
  const two = await open(second);
  const row = () => one.database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
  return { clock, log, one, two, row };
}

describe('an attempt that times out', () => {
  it('has its signal aborted, and keeps its lease: no instance sends the message again before the lease ends', async () => {
    const stuck = abortableSender();
    const working = recordingSender();
    const { clock, one, two, row } = await twoInstances(stuck.sender, working.sender);
    expect((await sdkPost(one, '/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    await vi.waitFor(async () => expect((await row()).last_error).toBe('no answer within 1 s'), { timeout: 5_000 });
    // The sender's signal aborted at the attempt timeout (1 s), with a timeout as its reason.
    const [call] = stuck.calls;
    expect(call?.context?.signal.aborted).toBe(true);
    expect(call?.context?.signal.reason).toMatchObject({ name: 'TimeoutError' });
    expect((call?.abortedAt ?? 0) - (call?.startedAt ?? 0)).toBeGreaterThanOrEqual(990);
    expect((call?.abortedAt ?? Number.POSITIVE_INFINITY) - (call?.startedAt ?? 0)).toBeLessThan(2_000);
    // The lease taken by the attempt (twice the attempt timeout) holds, and the retry is due when it ends: neither
    // this instance nor the other one starts a second send before then, even once the backoff (at most 2 s) is over.
    expect(await row()).toMatchObject({
      status: 'pending',
      attempts: 1,
      lease_until: START + 2_000,
      next_attempt_at: START + 2_000,
    });
    for (const step of [0, 1_000, 999]) {
      clock.advance(step);
      expect(await one.outbox.deliverDue()).toBe(0);
      expect(await two.outbox.deliverDue()).toBe(0);
    }
    expect(stuck.calls).toHaveLength(1);
    expect(working.attempts).toHaveLength(0);
    clock.advance(1);
    expect(await two.outbox.deliverDue()).toBe(1);
    expect(working.attempts.map((attempt) => attempt.context?.attempt)).toEqual([2]);
    expect(working.attempts[0]?.context?.idempotencyKey).toBe(call?.context?.idempotencyKey);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never overlaps with the retry when its sender ignores the signal and answers later', async () => {
    // One sender for both instances, so that it sees every send of the message: the first ignores its signal and
    // fails only when the test says so, well after the attempt timeout.
    const events: string[] = [];
    let running = 0;
    let most = 0;
    let failFirst: (error: Error) => void = () => {};
    const ignoring: Outbox = {
      async send(_message, context) {
        running += 1;
        most = Math.max(most, running);
        events.push(`start ${context?.attempt}`);
        try {
          if (context?.attempt === 1) {
            await new Promise<void>((_, reject) => {
              failFirst = reject;
            });
          }
        } finally {
          running -= 1;
          events.push(`end ${context?.attempt}`);
        }
      },
    };
    const { clock, one, two, row } = await twoInstances(ignoring, ignoring);
    expect((await sdkPost(one, '/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    await vi.waitFor(async () => expect((await row()).last_error).toBe('no answer within 1 s'), { timeout: 5_000 });
    for (const step of [1_000, 999]) {
      clock.advance(step);
      expect(await one.outbox.deliverDue()).toBe(0);
      expect(await two.outbox.deliverDue()).toBe(0);
    }
    expect(events).toEqual(['start 1']);
    failFirst(new Error('connection reset'));
    await vi.waitFor(() => expect(events).toEqual(['start 1', 'end 1']));
    // Its late failure changes nothing: the retry is already due when the lease ends.
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, lease_until: START + 2_000 });
    clock.advance(1);
    expect(await two.outbox.deliverDue()).toBe(1);
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    expect(most).toBe(1);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('records a last attempt whose sender ignores the signal and delivers late as sent, not failed', async () => {
    const late = deferred();
    const { sender, attempts } = recordingSender(() => late.promise);
    const { clock, log, one, two, row } = await twoInstances(sender, recordingSender().sender, { maxAttempts: 1 });
    expect((await sdkPost(one, '/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    await vi.waitFor(async () => expect((await row()).last_error).toBe('no answer within 1 s'), { timeout: 5_000 });
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, lease_until: START + 2_000 });
    late.resolve();
    await vi.waitFor(
      async () => expect(await row()).toMatchObject({ status: 'sent', attempts: 1, payload: '', last_error: null }),
      WAIT,
    );
    clock.advance(3_600_000);
    expect(await two.outbox.deliverDue()).toBe(0);
    expect(attempts).toHaveLength(1);
    // The late send is counted once its row is written: the row may be seen committed a moment before that.
    await vi.waitFor(
      async () =>
        expect(await one.metrics.render()).toContain('latchkey_messages_total{channel="sms",outcome="sent"} 1'),
      WAIT,
    );
    const metrics = await one.metrics.render();
    expect(metrics).not.toContain('latchkey_messages_total{channel="sms",outcome="failed"} 1');
    expect(log.entries().filter((entry) => entry.msg !== 'request')).toEqual([]);
  });

  it('gives up on a last attempt that never delivers only once its lease has ended', async () => {
    const stuck = abortableSender();
    const { clock, log, one, two, row } = await twoInstances(stuck.sender, recordingSender().sender, {
      maxAttempts: 1,
    });
    expect((await sdkPost(one, '/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    await vi.waitFor(async () => expect((await row()).last_error).toBe('no answer within 1 s'), { timeout: 5_000 });
    clock.advance(1_999);
    expect(await two.outbox.deliverDue()).toBe(0);
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, lease_until: START + 2_000 });
    clock.advance(1);
    expect(await two.outbox.deliverDue()).toBe(0);
    expect(await row()).toMatchObject({
      status: 'failed',
      attempts: 1,
      payload: '',
      last_error: 'no answer from the last attempt',
    });
    expect(
      log
        .entries()
        .filter((entry) => entry.msg !== 'request')
        .map((entry) => [entry.level, entry.msg]),
    ).toEqual([['error', 'outgoing message given up on']]);
  });

  it("ends a Twilio request when the attempt signal aborts, before the sender's own longer timeout", async () => {
    const requests: AbortSignal[] = [];
    const twilio = createTwilioSender({
      accountSid: `AC${'0'.repeat(32)}`,
      authToken: 'token',
      from: '+14155550199',
      apiBaseUrl: 'https://api.twilio.test',
      timeoutMs: 60_000,
      // A request Twilio never answers: it ends only when its signal aborts, as `fetch` does.
      fetch: (_url, init) =>
        new Promise((_, reject) => {
          const signal = init?.signal as AbortSignal;
          requests.push(signal);
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
    });
    const controller = new AbortController();
    const message = {
      channel: 'sms' as const,
      to: PHONE,
      subject: '',
      text: 'code 123456',
      links: [],
      codes: ['123456'],
    };
    const sending = twilio.send(message, { idempotencyKey: 'message-1', attempt: 1, signal: controller.signal });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.aborted).toBe(false);
    controller.abort(new DOMException('no answer within 30 s', 'TimeoutError'));
    await expect(sending).rejects.toMatchObject({ name: 'DeliveryError', retryable: true });
    expect(requests[0]?.aborted).toBe(true);
  });

  it('ends an SMTP send at the attempt timeout: the connection to a server that never greets is closed', async () => {
    // nodemailer alone would wait 30 s for the greeting (its greetingTimeout); the attempt's signal ends it at 1 s.
    const sockets: Socket[] = [];
    const closed = deferred<number>();
    const server = createServer((socket) => {
      sockets.push(socket);
      socket.on('close', () => closed.resolve(performance.now()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const t = await startProvider(
        {
          ...production({ attemptTimeoutSeconds: 1 }),
          smtp: { url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: SMTP.from },
        },
        { background: false, logger: captureLog().logger },
      );
      // The attempt (and its 1 s timer) starts after this: the close comes at least 1 s later, and long before
      // nodemailer's own 30 s. Measured from the send, not from the connection, which a busy machine may delay.
      const sentAt = performance.now();
      expect((await t.post('/otps/email/login_or_create', { email: 'ada@example.com' })).status).toBe(200);
      const closedAt = await Promise.race([
        closed.promise,
        new Promise<number>((resolve) => setTimeout(resolve, 10_000, Number.POSITIVE_INFINITY)),
      ]);
      expect(closedAt - sentAt).toBeGreaterThanOrEqual(990);
      expect(closedAt - sentAt).toBeLessThan(10_000);
      await vi.waitFor(
        async () =>
          expect(await t.provider.database.db.selectFrom('outbox_messages').selectAll().execute()).toEqual([
            expect.objectContaining({ status: 'pending', attempts: 1, last_error: 'no answer within 1 s' }),
          ]),
        WAIT,
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('backoffMs', () => {
  const config = {
    maxAttempts: 8,
    initialBackoffSeconds: 2,
    maxBackoffSeconds: 300,
    attemptTimeoutSeconds: 30,
    pollIntervalSeconds: 2,
  };

  it('doubles from the initial wait up to the cap, less at most a fifth, and honours Retry-After', () => {
    expect([1, 2, 3, 4, 9, 20].map((attempts) => backoffMs(config, attempts, 0, 0))).toEqual([
      2_000, 4_000, 8_000, 16_000, 300_000, 300_000,
    ]);
    expect(backoffMs(config, 1, 0, 1)).toBe(1_600);
    expect(backoffMs(config, 1, 30_000, 0.5)).toBe(30_000);
  });

  it('takes its settings from `outbox`, with these defaults and bounds', () => {
    expect(parseConfig({}).outbox).toEqual(config);
    expect(() => parseConfig({ outbox: { maxAttempts: 0 } })).toThrow('outbox.maxAttempts');
    expect(() => parseConfig({ outbox: { attemptTimeoutSeconds: 0 } })).toThrow('outbox.attemptTimeoutSeconds');
  });
});
