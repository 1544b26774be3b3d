// Text and WhatsApp messages through Twilio's Messages API, against a stand-in on 127.0.0.1 that checks each request
// as Twilio documents it (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic with the Account SID and
// Auth Token, a form-encoded To/From/Body, `whatsapp:` addresses; a WhatsApp template as To/From/ContentSid/
// ContentVariables and no Body, https://www.twilio.com/docs/content/send-templates-created-with-the-content-template-builder)
// and fails on demand: 5xx, no answer, 429 with Retry-After, 400. Runs on SQLite, and on PostgreSQL with
// LATCHKEY_TEST_POSTGRES_URL.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLog } from '../../test/opsSupport';
import { START, startProvider } from '../../testing/harness';
import { type ProviderConfigInput, parseConfig } from '../config';
import { createProvider } from '../provider';
import type { OutgoingMessage } from './outbox';
import { createTwilioSender, retryAfterMs } from './twilio';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'twilio-test-auth-token-4f1c';
const TOKEN_ENV = 'LATCHKEY_TEST_TWILIO_AUTH_TOKEN';
const FROM = '+14155550199';
const WHATSAPP_FROM = '+14155550198';
const PHONE = '+14155550100';
/** An approved WhatsApp template (`whatsapp/authentication`, one variable: the passcode). */
const CONTENT_SID = `HX${'fedcba9876543210'.repeat(2)}`;

/** What the stand-in does with the next request. */
type Behaviour =
  | { kind: 'created' }
  | { kind: 'error'; status: number; code: number; message: string; retryAfter?: string }
  | { kind: 'silent' };

/** A free-text message (`body`) or a template (`contentSid` and its `contentVariables`, parsed). */
interface TwilioRequest {
  to: string;
  from: string;
  body?: string;
  contentSid?: string;
  contentVariables?: Record<string, unknown>;
}

interface StandIn {
  baseUrl: string;
  requests: TwilioRequest[];
  /** Problems with a request (anything Twilio's documentation does not describe); empty when all were right. */
  problems: string[];
  /** Behaviours for the next requests, in order; then `created`. */
  next: Behaviour[];
}

const servers: Server[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });
}

/** Twilio's error body: `{code, message, more_info, status}`. */
function errorBody(status: number, code: number, message: string) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

async function startTwilio(): Promise<StandIn> {
  const standIn: StandIn = { baseUrl: '', requests: [], problems: [], next: [] };
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const text = await readBody(request);
    const check = (ok: boolean, problem: string) => {
      if (!ok) standIn.problems.push(problem);
    };
    check(request.method === 'POST', `method ${request.method}`);
    check(request.url === `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`, `path ${request.url}`);
    check(
      request.headers.authorization === `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
      'authorization',
    );
    check(request.headers['content-type'] === 'application/x-www-form-urlencoded', 'content type');
    const form = new URLSearchParams(text);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    // Both sides of a WhatsApp message carry the `whatsapp:` prefix, neither side of a text message does.
    check(to.startsWith('whatsapp:') === from.startsWith('whatsapp:'), `addresses ${to} and ${from}`);
    const message: TwilioRequest = { to, from };
    if (form.has('ContentSid')) {
      // A template: ContentSid (HX and 32 hex digits) and ContentVariables (a JSON object of placeholder names to
      // non-empty values, error 21656 otherwise), never Body beside them (error 63016's page). Only WhatsApp here.
      check(
        [...form.keys()].sort().join(',') === 'ContentSid,ContentVariables,From,To',
        `parameters ${[...form.keys()]}`,
      );
      check(to.startsWith('whatsapp:'), `a template to ${to}`);
      const contentSid = form.get('ContentSid') ?? '';
      check(/^HX[0-9a-fA-F]{32}$/.test(contentSid), `ContentSid ${contentSid}`);
      let variables: unknown = null;
      try {
        variables = JSON.parse(form.get('ContentVariables') ?? '');
      } catch {
        standIn.problems.push('ContentVariables is not JSON');
      }
      const entries = typeof variables === 'object' && variables !== null ? Object.entries(variables) : [];
      check(
        !Array.isArray(variables) &&
          entries.length > 0 &&
          entries.every(([key, value]) => /^\S{1,16}$/.test(key) && typeof value === 'string' && value !== ''),
        `ContentVariables ${form.get('ContentVariables')}`,
      );
      message.contentSid = contentSid;
      message.contentVariables = variables as Record<string, unknown>;
    } else {
      check([...form.keys()].sort().join(',') === 'Body,From,To', `parameters ${[...form.keys()]}`);
      message.body = form.get('Body') ?? '';
    }
    standIn.requests.push(message);
    const behaviour = standIn.next.shift() ?? { kind: 'created' };
    if (behaviour.kind === 'silent') return; // Never answers: the sender's timeout must end the attempt.
    response.setHeader('content-type', 'application/json');
    if (behaviour.kind === 'error') {
      if (behaviour.retryAfter !== undefined) response.setHeader('retry-after', behaviour.retryAfter);
      response.writeHead(behaviour.status);
      response.end(JSON.stringify(errorBody(behaviour.status, behaviour.code, behaviour.message)));
      return;
    }
    response.writeHead(201);
    response.end(
      JSON.stringify({
        account_sid: ACCOUNT_SID,
        sid: `SM${'a'.repeat(32)}`,
        to: message.to,
        from: message.from,
        body: message.body ?? '',
        status: 'queued',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/SM${'a'.repeat(32)}.json`,
      }),
    );
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  standIn.baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return standIn;
}

function twilioConfig(standIn: StandIn, extra: Record<string, unknown> = {}): ProviderConfigInput['phone'] {
  return {
    twilio: {
      accountSid: ACCOUNT_SID,
      authTokenEnv: TOKEN_ENV,
      from: FROM,
      whatsappFrom: WHATSAPP_FROM,
      apiBaseUrl: standIn.baseUrl,
      ...extra,
    },
  };
}

/** Production (email to a placeholder SMTP server nobody uses here), Twilio for text and WhatsApp, metrics on. */
async function productionWithTwilio(
  standIn: StandIn,
  outbox: ProviderConfigInput['outbox'] = {},
  extra = {},
  log = captureLog(),
) {
  vi.stubEnv(TOKEN_ENV, AUTH_TOKEN);
  return startProvider(
    {
      mode: 'production',
      smtp: { url: 'smtp://127.0.0.1:9', from: 'login@acme.example' },
      phone: twilioConfig(standIn, extra),
      outbox,
      metrics: { enabled: true },
    },
    { background: false, logger: log.logger },
  );
}

describe('Twilio', () => {
  it('sends text and WhatsApp passcodes exactly as the Messages API documents', async () => {
    const standIn = await startTwilio();
    vi.stubEnv(TOKEN_ENV, AUTH_TOKEN);
    // Development mode: the first attempt ends before the request answers.
    const t = await startProvider({ phone: twilioConfig(standIn) }, { background: false });
    expect((await t.post('/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    expect((await t.post('/otps/whatsapp/login_or_create', { phone_number: '+14155550101' })).status).toBe(200);
    expect(standIn.problems).toEqual([]);
    expect(standIn.requests).toEqual([
      { to: PHONE, from: FROM, body: expect.stringMatching(/^\d{6} is your Latchkey Playground sign-in code\./) },
      {
        to: 'whatsapp:+14155550101',
        from: `whatsapp:${WHATSAPP_FROM}`,
        body: expect.stringMatching(/^\d{6} is your Latchkey Playground sign-in code\./),
      },
    ]);
    // Nothing went to the development inbox: Twilio sends text messages when it is configured.
    expect(await t.inbox(PHONE)).toEqual([]);
    expect(
      await t.provider.database.db
        .selectFrom('outbox_messages')
        .select(['channel', 'status'])
        .orderBy('message_id')
        .execute(),
    ).toEqual([
      { channel: 'sms', status: 'sent' },
      { channel: 'whatsapp', status: 'sent' },
    ]);
  });

  it('sends WhatsApp passcodes as the approved template with whatsappContentSid, and text ones unchanged', async () => {
    const standIn = await startTwilio();
    vi.stubEnv(TOKEN_ENV, AUTH_TOKEN);
    // From the configuration, through the otp product and the outbox (the passcode survives the outbox's sealed
    // payload), to the sender.
    const t = await startProvider(
      { phone: twilioConfig(standIn, { whatsappContentSid: CONTENT_SID }) },
      { background: false },
    );
    const sent = await t.post('/otps/whatsapp/login_or_create', { phone_number: PHONE });
    expect(sent.status).toBe(200);
    expect((await t.post('/otps/sms/login_or_create', { phone_number: '+14155550101' })).status).toBe(200);
    expect(standIn.problems).toEqual([]);
    expect(standIn.requests).toEqual([
      {
        to: `whatsapp:${PHONE}`,
        from: `whatsapp:${WHATSAPP_FROM}`,
        contentSid: CONTENT_SID,
        contentVariables: { '1': expect.stringMatching(/^\d{6}$/) },
      },
      {
        to: '+14155550101',
        from: FROM,
        body: expect.stringMatching(/^\d{6} is your Latchkey Playground sign-in code\./),
      },
    ]);
    // The template's variable is the passcode itself: it signs in.
    const code = standIn.requests[0]?.contentVariables?.['1'] as string;
    const signedIn = await t.post('/otps/authenticate', {
      token: code,
      method_id: sent.json.data.method_id,
      session_duration_minutes: 60,
    });
    expect(signedIn.status).toBe(200);
  });

  it('form-encodes the template request exactly, and refuses a WhatsApp template message without one passcode', async () => {
    const standIn = await startTwilio();
    const bodies: string[] = [];
    const sender = createTwilioSender({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      whatsappFrom: `whatsapp:${WHATSAPP_FROM}`,
      whatsappContentSid: CONTENT_SID,
      apiBaseUrl: standIn.baseUrl,
      timeoutMs: 10_000,
      fetch: (url, init) => {
        bodies.push(String(init?.body));
        return globalThis.fetch(url, init);
      },
    });
    const message: OutgoingMessage & { channel: 'whatsapp' } = {
      channel: 'whatsapp',
      to: PHONE,
      subject: '',
      text: '123456 is your Acme sign-in code. It expires in 10 minutes.',
      links: [],
      codes: ['123456'],
    };
    await sender.send(message);
    expect(bodies).toEqual([
      `To=whatsapp%3A%2B14155550100&From=whatsapp%3A%2B14155550198&ContentSid=${CONTENT_SID}&ContentVariables=%7B%221%22%3A%22123456%22%7D`,
    ]);
    expect(standIn.requests).toEqual([
      {
        to: `whatsapp:${PHONE}`,
        from: `whatsapp:${WHATSAPP_FROM}`,
        contentSid: CONTENT_SID,
        contentVariables: { '1': '123456' },
      },
    ]);
    expect(standIn.problems).toEqual([]);
    // Nothing to put in the template's one variable: final, and nothing is sent.
    for (const codes of [[], ['123456', '654321']]) {
      await expect(sender.send({ ...message, codes })).rejects.toMatchObject({
        name: 'DeliveryError',
        retryable: false,
        message: `a WhatsApp template message carries exactly one passcode; this message has ${codes.length}`,
      });
    }
    expect(standIn.requests).toHaveLength(1);
  });

  it('retries a 5xx with exponential backoff', async () => {
    const standIn = await startTwilio();
    standIn.next.push(
      { kind: 'error', status: 500, code: 20500, message: 'Internal Server Error' },
      { kind: 'error', status: 503, code: 20503, message: 'Service Unavailable' },
    );
    const t = await productionWithTwilio(standIn);
    expect((await t.post('/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    const row = () => t.provider.database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    await vi.waitFor(async () => expect((await row()).last_error).toBe('Twilio answered 500, error 20500'));
    expect((await row()).next_attempt_at - START).toBeGreaterThanOrEqual(1_600);
    t.clock.advance(2_000);
    expect(await t.provider.outbox.deliverDue()).toBe(1);
    expect(await row()).toMatchObject({
      status: 'pending',
      attempts: 2,
      last_error: 'Twilio answered 503, error 20503',
    });
    // The second wait is twice the first.
    expect((await row()).next_attempt_at - t.clock.now()).toBeGreaterThanOrEqual(3_200);
    t.clock.advance(2_000);
    expect(await t.provider.outbox.deliverDue()).toBe(0);
    t.clock.advance(2_000);
    expect(await t.provider.outbox.deliverDue()).toBe(1);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 3 });
    expect(standIn.requests).toHaveLength(3);
    expect(new Set(standIn.requests.map((request) => request.body)).size).toBe(1);
    expect(standIn.problems).toEqual([]);
  });

  it('retries an attempt Twilio does not answer in time', async () => {
    const standIn = await startTwilio();
    standIn.next.push({ kind: 'silent' });
    const t = await productionWithTwilio(standIn, {}, { timeoutSeconds: 1 });
    expect((await t.post('/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    const row = () => t.provider.database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    await vi.waitFor(async () => expect((await row()).last_error).toBe('Twilio did not answer within 1 s'), {
      timeout: 15_000,
    });
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
    t.clock.advance(2_000);
    expect(await t.provider.outbox.deliverDue()).toBe(1);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
    expect(standIn.requests).toHaveLength(2);
  });

  it('waits at least the Retry-After of a 429 before trying again', async () => {
    const standIn = await startTwilio();
    standIn.next.push({ kind: 'error', status: 429, code: 20429, message: 'Too Many Requests', retryAfter: '30' });
    const t = await productionWithTwilio(standIn);
    expect((await t.post('/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    const row = () => t.provider.database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    await vi.waitFor(async () => expect((await row()).last_error).toBe('Twilio answered 429, error 20429'));
    // Not after the 2 s backoff: after the 30 s Twilio asked for.
    expect((await row()).next_attempt_at).toBe(START + 30_000);
    t.clock.advance(29_999);
    expect(await t.provider.outbox.deliverDue()).toBe(0);
    t.clock.advance(1);
    expect(await t.provider.outbox.deliverDue()).toBe(1);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('records the final failure after the last attempt, in the metrics and the log', async () => {
    const standIn = await startTwilio();
    for (let index = 0; index < 3; index += 1) {
      standIn.next.push({ kind: 'error', status: 502, code: 20500, message: `Bad gateway for ${PHONE}` });
    }
    const log = captureLog();
    const t = await productionWithTwilio(standIn, { maxAttempts: 3, initialBackoffSeconds: 1 }, {}, log);
    expect((await t.post('/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    const row = () => t.provider.database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    await vi.waitFor(async () => expect((await row()).attempts).toBe(1));
    await vi.waitFor(async () => expect((await row()).lease_until).toBeNull());
    for (let index = 0; index < 2; index += 1) {
      t.clock.advance(2_000);
      expect(await t.provider.outbox.deliverDue()).toBe(1);
    }
    expect(await row()).toMatchObject({
      status: 'failed',
      attempts: 3,
      payload: '',
      last_error: 'Twilio answered 502, error 20500',
    });
    expect(standIn.requests).toHaveLength(3);
    expect(await t.provider.metrics.render()).toContain('latchkey_messages_total{channel="sms",outcome="failed"} 1');
    expect(log.entries().filter((entry) => entry.level === 'error')).toEqual([
      expect.objectContaining({ msg: 'outgoing message given up on', channel: 'sms', attempts: 3 }),
    ]);
    expect(log.text()).not.toContain(PHONE.slice(2));
  });

  it('gives up at once when Twilio refuses the request (400), keeping no number', async () => {
    const standIn = await startTwilio();
    standIn.next.push({
      kind: 'error',
      status: 400,
      code: 21211,
      message: `The 'To' number ${PHONE} is not a valid phone number.`,
    });
    const t = await productionWithTwilio(standIn);
    expect((await t.post('/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(200);
    const row = () => t.provider.database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    await vi.waitFor(async () => expect((await row()).status).toBe('failed'));
    expect(await row()).toMatchObject({ attempts: 1, last_error: 'Twilio refused the message: 400, error 21211' });
    t.clock.advance(3_600_000);
    expect(await t.provider.outbox.deliverDue()).toBe(0);
    expect(standIn.requests).toHaveLength(1);
  });

  it('switches WhatsApp passcodes off without whatsappFrom, and text ones off without from', async () => {
    const standIn = await startTwilio();
    const onlyText = await productionWithTwilio(standIn, {}, { whatsappFrom: undefined });
    expect(onlyText.provider.config.project.products).toContain('sms_otp');
    expect(onlyText.provider.config.project.products).not.toContain('whatsapp_otp');
    const onlyWhatsapp = await productionWithTwilio(standIn, {}, { from: undefined });
    expect(onlyWhatsapp.provider.config.project.products).not.toContain('sms_otp');
    expect(onlyWhatsapp.provider.config.project.products).toContain('whatsapp_otp');
    expect((await onlyWhatsapp.post('/otps/sms/login_or_create', { phone_number: PHONE })).status).toBe(403);
  });

  it('refuses to start without the Auth Token in its environment variable, and checks the configuration', async () => {
    vi.stubEnv(TOKEN_ENV, '');
    await expect(
      createProvider({
        db: ':memory:',
        config: { phone: { twilio: { accountSid: ACCOUNT_SID, authTokenEnv: TOKEN_ENV, from: FROM } } },
      }),
    ).rejects.toThrow(
      `phone.twilio.authTokenEnv names ${TOKEN_ENV}, which is not set: put the Twilio Auth Token in that environment variable.`,
    );
    expect(() =>
      parseConfig({ phone: { twilio: { accountSid: 'AC123', authTokenEnv: TOKEN_ENV, from: FROM } } }),
    ).toThrow('phone.twilio.accountSid: must be an Account SID: AC followed by 32 hex digits');
    expect(() => parseConfig({ phone: { twilio: { accountSid: ACCOUNT_SID, authTokenEnv: TOKEN_ENV } } })).toThrow(
      'give from (text messages), whatsappFrom (WhatsApp), or both',
    );
    expect(() =>
      parseConfig({ phone: { twilio: { accountSid: ACCOUNT_SID, authTokenEnv: 'not a name', from: FROM } } }),
    ).toThrow('phone.twilio.authTokenEnv: must be the name of an environment variable');
    expect(
      parseConfig({ phone: { twilio: { accountSid: ACCOUNT_SID, authTokenEnv: TOKEN_ENV, from: FROM } } }).phone,
    ).toEqual({
      twilio: {
        accountSid: ACCOUNT_SID,
        authTokenEnv: TOKEN_ENV,
        from: FROM,
        apiBaseUrl: 'https://api.twilio.com',
        timeoutSeconds: 10,
      },
      allowedCountries: null,
    });
  });
});

describe('retryAfterMs', () => {
  it('reads delay-seconds and an HTTP-date (RFC 9110 §10.2.3), capped at an hour', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7_000);
    expect(retryAfterMs('Sat, 21 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('86400', now)).toBe(3_600_000);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});
