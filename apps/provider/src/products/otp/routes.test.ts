import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authenticateResponse, emailFactor, expectedUser, phoneFactor } from '../../../test/authenticateResponse';
import { expectError, expectSchemaError, REQUEST_ID } from '../../../test/expectError';
import { deliveredMessage, snapshotRows } from '../../../testing/fixtures';
import {
  type CallResult,
  PUBLIC_TOKEN,
  START,
  startProvider,
  type TestProvider,
  wrongCode,
} from '../../../testing/harness';
import type { ProviderConfigInput } from '../../config';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const EMAIL = 'ada@example.com';
const PHONE = '+14155550123';

/** Every row a send or an authenticate could write, to prove a refusal wrote nothing. */
const snapshot = (t: TestProvider) =>
  snapshotRows(t, ['users', 'emails', 'phones', 'codes', 'sessions', 'failures', 'inbox']);

/** The code of the one message `send` delivers to `to`, which carries exactly one code. */
async function deliveredCode(t: TestProvider, to: string, send: () => Promise<CallResult>) {
  const { response, message } = await deliveredMessage(t, to, send);
  expect(message.codes).toHaveLength(1);
  return { response, code: message.codes[0] as string };
}

async function sendEmailCode(t: TestProvider, email = EMAIL, extra: Record<string, unknown> = {}) {
  const { response, code } = await deliveredCode(t, email, () =>
    t.post('/otps/email/login_or_create', { email, ...extra }),
  );
  expect(response.status).toBe(200);
  return { methodId: response.json.data.method_id as string, code };
}

async function authenticate(t: TestProvider, methodId: string, code: string, sessionToken?: string) {
  return t.post('/otps/authenticate', { token: code, method_id: methodId, session_duration_minutes: 60 }, sessionToken);
}

describe('otps: email login_or_create', () => {
  it('creates the user, stores only the hash of a 6-digit code and emails the code', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const response = await t.post('/otps/email/login_or_create', {
      email: '  Ada@Example.COM ',
      expiration_minutes: 5,
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      data: { request_id: REQUEST_ID, status_code: 200, method_id: expect.stringMatching(/^email-test-/) },
    });
    const methodId = response.json.data.method_id;

    const users = await db.selectFrom('users').selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]?.status).toBe('active');
    expect(await db.selectFrom('emails').selectAll().execute()).toEqual([
      {
        email_id: methodId,
        user_id: users[0]?.user_id,
        project_id: 'project-test-latchkey-playground',
        email: EMAIL,
        verified: 0,
        created_at: START,
      },
    ]);

    const messages = await t.inbox(EMAIL);
    expect(messages).toHaveLength(1);
    const code = messages[0]?.codes[0] as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(messages[0]).toMatchObject({
      channel: 'email',
      subject: 'Your Latchkey Playground sign-in code',
      codes: [code],
      links: [],
    });
    expect(messages[0]?.text).toContain(code);

    const codes = await db.selectFrom('otp_codes').selectAll().execute();
    expect(codes).toEqual([
      {
        otp_id: expect.stringMatching(/^otp-test-/),
        project_id: 'project-test-latchkey-playground',
        method_id: methodId,
        channel: 'email',
        user_id: users[0]?.user_id,
        code_hash: createHmac('sha256', t.hmacKey).update(`${codes[0]?.otp_id}:${code}`).digest('hex'),
        expires_at: START + 5 * 60_000,
        consumed_at: null,
        failed_attempts: 0,
        created_at: START,
        pending_identifier: null,
        sender_session_id: null,
      },
    ]);
    // The row alone does not give the code away: the hash is keyed, and the key is not in the database.
    expect(codes[0]?.code_hash).not.toBe(sha256(`${codes[0]?.otp_id}:${code}`));
    for (const value of Object.values(codes[0] ?? {})) expect(String(value)).not.toContain(code);
  });

  it('reuses the existing user and email for a known address and honours expiration_minutes', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const first = await sendEmailCode(t);
    t.clock.advance(1000);
    const second = await sendEmailCode(t, 'ADA@example.com', { expiration_minutes: 8 });
    expect(second.methodId).toBe(first.methodId);
    expect(await db.selectFrom('users').selectAll().execute()).toHaveLength(1);
    const newest = await db
      .selectFrom('otp_codes')
      .selectAll()
      .where('created_at', '=', START + 1000)
      .execute();
    expect(newest.map((row) => row.expires_at)).toEqual([START + 1000 + 8 * 60_000]);
  });

  it('one internationalised mailbox in any spelling (A-label, decomposed, full-width) is one user and one address', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const canonical = 'jos\u00e9@ex\u00e4mple.de';
    const spellings = [
      'jos\u00e9@ex\u00e4mple.de',
      'jos\u00e9@xn--exmple-cua.de',
      'jose\u0301@exa\u0308mple.de',
      'JOS\u00c9@\uff45\uff58\u00e4\uff4d\uff50\uff4c\uff45.\uff44\uff45',
    ];
    const methodIds = new Set<string>();
    for (const email of spellings) {
      const response = await t.post('/otps/email/login_or_create', { email });
      expect(response.status).toBe(200);
      methodIds.add(response.json.data.method_id);
      t.clock.advance(1000);
    }
    expect(methodIds.size).toBe(1);
    expect(await db.selectFrom('users').selectAll().execute()).toHaveLength(1);
    expect(await db.selectFrom('emails').select(['email_id', 'email']).execute()).toEqual([
      { email_id: [...methodIds][0], email: canonical },
    ]);
    expect((await t.inbox(canonical)).map((message) => message.to)).toEqual(spellings.map(() => canonical));
  });

  it('refuses a malformed email with invalid_email and writes nothing', async () => {
    const t = await startProvider();
    const before = await snapshot(t);
    for (const email of ['ada', 'ada@example', 'ada @example.com', '@example.com', `${'a'.repeat(250)}@example.com`]) {
      expectError(await t.post('/otps/email/login_or_create', { email }), 400, 'invalid_email');
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses wrong types, missing fields and malformed JSON with a schema error and writes nothing', async () => {
    const t = await startProvider();
    const before = await snapshot(t);
    expectSchemaError(await t.post('/otps/email/login_or_create', {}), ['.email']);
    expectSchemaError(await t.post('/otps/email/login_or_create', { email: 42 }), ['.email']);
    expectSchemaError(await t.post('/otps/email/login_or_create', { email: EMAIL, expiration_minutes: '5' }), [
      '.expiration_minutes',
    ]);
    expectSchemaError(await t.post('/otps/email/login_or_create', { email: EMAIL, expiration_minutes: 0 }), [
      '.expiration_minutes',
    ]);
    expectSchemaError(await t.post('/otps/sms/login_or_create', { phone_number: 14155550123 }), ['.phone_number']);
    expectSchemaError(await t.call('POST', '/otps/email/login_or_create', { rawBody: '{"email":' }), ['']);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses an unknown public token (401) and a foreign origin (403) and writes nothing', async () => {
    const t = await startProvider();
    const before = await snapshot(t);
    const wrongToken = `Basic ${Buffer.from('public-token-test-other:public-token-test-other').toString('base64')}`;
    expectError(
      await t.call('POST', '/otps/email/login_or_create', { body: { email: EMAIL }, authorization: wrongToken }),
      401,
      'unauthorized_credentials',
    );
    expectError(
      await t.call('POST', '/otps/email/login_or_create', { body: { email: EMAIL }, origin: 'https://evil.example' }),
      403,
      'origin_not_allowed',
    );
    expect(await snapshot(t)).toEqual(before);
    expect(PUBLIC_TOKEN).toBe(t.provider.config.project.publicToken);
  });

  it('refuses a channel whose product is off with method_not_enabled', async () => {
    const t = await startProvider({ project: { products: ['email_magic_links', 'sms_otp'] } });
    const before = await snapshot(t);
    expectError(await t.post('/otps/email/login_or_create', { email: EMAIL }), 403, 'method_not_enabled');
    expectError(await t.post('/otps/whatsapp/login_or_create', { phone_number: PHONE }), 403, 'method_not_enabled');
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('otps: sms and whatsapp', () => {
  it('a Mexican mobile number with or without the mobile prefix Mexico dropped in 2019 is one user and one number', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const old = await t.post('/otps/sms/login_or_create', { phone_number: '+5215512345678' });
    expect(old.status).toBe(200);
    t.clock.advance(1000);
    const current = await t.post('/otps/whatsapp/login_or_create', { phone_number: '+525512345678' });
    expect(current.json.data.method_id).toBe(old.json.data.method_id);
    expect(await db.selectFrom('users').selectAll().execute()).toHaveLength(1);
    expect(await db.selectFrom('phone_numbers').select(['phone_id', 'phone_number']).execute()).toEqual([
      { phone_id: old.json.data.method_id, phone_number: '+525512345678' },
    ]);
    // Both codes went to the handset under its one number.
    expect((await t.inbox('+525512345678')).map((message) => message.channel)).toEqual(['sms', 'whatsapp']);
  });

  it('sends an SMS code to a new phone number and signs in with a phone_number_factor', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const response = await t.post('/otps/sms/login_or_create', { phone_number: PHONE });
    expect(response.json).toEqual({
      data: { request_id: REQUEST_ID, status_code: 200, method_id: expect.stringMatching(/^phone-number-test-/) },
    });
    const methodId = response.json.data.method_id;
    const messages = await t.inbox(PHONE);
    expect(messages).toHaveLength(1);
    const code = messages[0]?.codes[0] as string;
    expect(messages[0]).toMatchObject({ channel: 'sms', subject: '', codes: [code], links: [] });
    expect(messages[0]?.text).toBe(`${code} is your Latchkey Playground sign-in code. It expires in 5 minutes.`);

    const signedIn = await authenticate(t, methodId, code);
    expect(signedIn.status).toBe(200);
    const phone = await db.selectFrom('phone_numbers').selectAll().executeTakeFirstOrThrow();
    expect(signedIn.json.data.session.authentication_factors).toEqual([phoneFactor('sms', methodId, PHONE, START)]);
    expect(signedIn.json.data.user).toEqual(
      expectedUser(phone.user_id, { phone_numbers: [{ phone_id: methodId, phone_number: PHONE, verified: true }] }),
    );
    expect(phone.verified).toBe(1);
  });

  it('adds the WebOTP autofill line for the calling origin when enable_autofill is set', async () => {
    const t = await startProvider();
    await t.post('/otps/sms/login_or_create', { phone_number: PHONE, enable_autofill: true });
    const code = await t.lastCode(PHONE);
    const [message] = await t.inbox(PHONE);
    expect(message?.text).toBe(
      `${code} is your Latchkey Playground sign-in code. It expires in 5 minutes.\n\n@localhost:5173 #${code}`,
    );
  });

  it('sends WhatsApp codes on the whatsapp channel and records delivery_method whatsapp', async () => {
    const t = await startProvider();
    const response = await t.post('/otps/whatsapp/login_or_create', { phone_number: PHONE, expiration_minutes: 1 });
    const methodId = response.json.data.method_id;
    const [message] = await t.inbox(PHONE);
    expect(message?.channel).toBe('whatsapp');
    expect(message?.text).toBe(
      `${message?.codes[0]} is your Latchkey Playground sign-in code. It expires in 1 minute.`,
    );
    const row = await t.provider.database.db.selectFrom('otp_codes').selectAll().executeTakeFirstOrThrow();
    expect(row.channel).toBe('whatsapp');
    const signedIn = await authenticate(t, methodId, message?.codes[0] as string);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.data.session.authentication_factors).toEqual([
      phoneFactor('whatsapp', methodId, PHONE, START),
    ]);
  });

  it('refuses phone numbers that are not E.164 with invalid_phone_number and writes nothing', async () => {
    const t = await startProvider();
    const before = await snapshot(t);
    for (const phone_number of ['4155550123', '+04155550123', '+1 415 555 0123', '+1415555012345678', '+1-415']) {
      for (const channel of ['sms', 'whatsapp']) {
        expectError(await t.post(`/otps/${channel}/login_or_create`, { phone_number }), 400, 'invalid_phone_number');
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a number written with its national trunk prefix, which would be a second spelling of one handset', async () => {
    const t = await startProvider();
    const before = await snapshot(t);
    // +1 1 415…, +49 0 151…, +44 0 20…: E.164 drops the trunk prefix (the canonical forms are +1415…, +49151…, +4420…).
    for (const phone_number of ['+114155550100', '+49015112345678', '+4402079460958']) {
      for (const channel of ['sms', 'whatsapp']) {
        expectError(await t.post(`/otps/${channel}/login_or_create`, { phone_number }), 400, 'invalid_phone_number');
      }
    }
    expect(await snapshot(t)).toEqual(before);
    // Canonical numbers go through, Italy's leading 0 included (part of the number there, not a trunk prefix).
    for (const phone_number of ['+14155550100', '+4915112345678', '+390612345678']) {
      expect((await t.post('/otps/sms/login_or_create', { phone_number })).status).toBe(200);
    }
  });

  it('with phone.allowedCountries, texts only numbers placed in those countries: invalid_phone_number_country_code for the rest, and nothing written or sent', async () => {
    const t = await startProvider({ phone: { allowedCountries: ['US', 'CA'] } });
    const before = await snapshot(t);
    // +1 876 is Jamaica (inside +1, where toll fraud likes to hide), +44 7911 Guernsey, +44 7400 the United Kingdom,
    // +882 35… an international network no country holds (libphonenumber-js places it nowhere).
    for (const phone_number of ['+18765550123', '+447911123456', '+447400123456', '+882351234567']) {
      for (const channel of ['sms', 'whatsapp']) {
        const response = await t.post(`/otps/${channel}/login_or_create`, { phone_number });
        expectError(response, 400, 'invalid_phone_number_country_code');
        expect(response.json).toMatchObject({
          error_message: "The phone number's country code is invalid, unsupported, or disabled.",
        });
      }
    }
    expect(await snapshot(t)).toEqual(before);
    // The refusals took nothing from the send limits: the per-IP limit's bucket was never written.
    expect(await t.provider.database.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    for (const phone_number of ['+14155550100', '+14165550100']) {
      const { response } = await deliveredCode(t, phone_number, () =>
        t.post('/otps/sms/login_or_create', { phone_number }),
      );
      expect(response.status).toBe(200);
    }
  });
});

describe('otps: send primary and secondary', () => {
  it('send/primary reaches only existing identifiers: email_not_found and phone_number_not_found otherwise', async () => {
    const t = await startProvider();
    const before = await snapshot(t);
    expectError(await t.post('/otps/email/send/primary', { email: EMAIL }), 404, 'email_not_found');
    expectError(await t.post('/otps/sms/send/primary', { phone_number: PHONE }), 404, 'phone_number_not_found');
    expect(await snapshot(t)).toEqual(before);

    const { methodId } = await sendEmailCode(t);
    const { response: primary, code } = await deliveredCode(t, EMAIL, () =>
      t.post('/otps/email/send/primary', { email: EMAIL }),
    );
    expect(primary.json).toEqual({ data: { request_id: REQUEST_ID, status_code: 200, method_id: methodId } });
    expect(await t.inbox(EMAIL)).toHaveLength(2);
    expect((await authenticate(t, methodId, code)).status).toBe(200);
  });

  it('send/secondary needs a live session', async () => {
    const t = await startProvider();
    const before = await snapshot(t);
    expectError(await t.post('/otps/sms/send/secondary', { phone_number: PHONE }), 401, 'user_unauthenticated');
    expectError(
      await t.post('/otps/sms/send/secondary', { phone_number: PHONE }, 'dead-token'),
      404,
      'session_not_found',
    );
    expect(await snapshot(t)).toEqual(before);
  });

  it("a pending number an older version stored with Mexico's old mobile prefix joins the account in its one spelling", async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const email = await sendEmailCode(t);
    const { session_token: token } = (await authenticate(t, email.methodId, email.code)).json.data;
    const sent = await t.post('/otps/sms/send/secondary', { phone_number: '+525512345678' }, token);
    const phoneId = sent.json.data.method_id;
    // As an instance of a version before migration 0028 stored it, during a rolling upgrade.
    await db
      .updateTable('otp_codes')
      .set({ pending_identifier: '+5215512345678' })
      .where('method_id', '=', phoneId)
      .execute();
    expect((await authenticate(t, phoneId, await t.lastCode('+525512345678'), token)).status).toBe(200);
    expect(await db.selectFrom('phone_numbers').select(['phone_id', 'phone_number']).execute()).toEqual([
      { phone_id: phoneId, phone_number: '+525512345678' },
    ]);
    // And the number signs in to that account, in either spelling.
    const again = await t.post('/otps/sms/login_or_create', { phone_number: '+5215512345678' });
    expect(again.json.data.method_id).toBe(phoneId);
  });

  it('send/secondary attaches a new phone to the session user only when its code is authenticated, adding the factor to the same session', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const email = await sendEmailCode(t);
    const first = await authenticate(t, email.methodId, email.code);
    const { session_token: token, user_id: userId } = first.json.data;

    const sent = await t.post('/otps/sms/send/secondary', { phone_number: PHONE }, token);
    expect(sent.status).toBe(200);
    const phoneId = sent.json.data.method_id;
    expect(phoneId).toMatch(/^phone-number-test-/);
    // Nothing joins the account at send time: only the owner's authentication attaches the number.
    expect(await db.selectFrom('phone_numbers').selectAll().execute()).toEqual([]);
    expect(
      await db.selectFrom('otp_codes').select('pending_identifier').where('method_id', '=', phoneId).execute(),
    ).toEqual([{ pending_identifier: PHONE }]);

    t.clock.advance(60_000);
    const second = await authenticate(t, phoneId, await t.lastCode(PHONE), token);
    expect(second.status).toBe(200);
    expect(second.json.data.session.session_id).toBe(first.json.data.session.session_id);
    expect(second.json.data.session_token).toBe(token);
    expect(second.json.data.session.authentication_factors).toEqual([
      emailFactor('otp', email.methodId, EMAIL, START),
      phoneFactor('sms', phoneId, PHONE, START + 60_000),
    ]);
    expect(await db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
    expect(second.json.data.user.phone_numbers).toEqual([{ phone_id: phoneId, phone_number: PHONE, verified: true }]);
    expect(await db.selectFrom('phone_numbers').selectAll().execute()).toEqual([
      {
        phone_id: phoneId,
        user_id: userId,
        project_id: 'project-test-latchkey-playground',
        phone_number: PHONE,
        verified: 1,
        created_at: START + 60_000,
      },
    ]);

    // The user's own, already attached email is reused, not duplicated.
    const own = await t.post('/otps/email/send/secondary', { email: EMAIL }, token);
    expect(own.json).toEqual({ data: { request_id: REQUEST_ID, status_code: 200, method_id: email.methodId } });
    expect(await db.selectFrom('emails').selectAll().execute()).toHaveLength(1);
  });

  it('send/secondary refuses identifiers of another user with duplicate_email / duplicate_phone_number', async () => {
    const t = await startProvider();
    await sendEmailCode(t, 'grace@example.com');
    await t.post('/otps/sms/login_or_create', { phone_number: PHONE });
    const mine = await sendEmailCode(t);
    const token = (await authenticate(t, mine.methodId, mine.code)).json.data.session_token;
    const before = await snapshot(t);
    expectError(
      await t.post('/otps/email/send/secondary', { email: 'Grace@example.com' }, token),
      409,
      'duplicate_email',
    );
    expectError(
      await t.post('/otps/whatsapp/send/secondary', { phone_number: PHONE }, token),
      409,
      'duplicate_phone_number',
    );
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('otps/authenticate', () => {
  it('answers the full AuthenticateResponse, verifies the email and consumes the code', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const { methodId, code } = await sendEmailCode(t);
    const response = await authenticate(t, methodId, code);
    expect(response.status).toBe(200);
    const { user_id: userId } = await db.selectFrom('users').select('user_id').executeTakeFirstOrThrow();
    expect(userId).toMatch(/^user-test-/);
    expect(response.json).toEqual({
      data: {
        ...authenticateResponse({
          userId,
          user: expectedUser(userId, { emails: [{ email_id: methodId, email: EMAIL, verified: true }] }),
          factors: [emailFactor('otp', methodId, EMAIL, START)],
          expiresAt: START + 60 * 60_000,
        }),
        method_id: methodId,
      },
    });
    const session = await db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(session.token_hash).toBe(sha256(response.json.data.session_token));
    // A version 7 UUID whose time is the session's start (its primary key grows in time order).
    expect(session.session_id).toBe(response.json.data.session.session_id);
    expect(session.session_id).toMatch(
      /^session-test-[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(Number.parseInt(session.session_id.slice(13, 26).replace('-', ''), 16)).toBe(START);
    const row = await db.selectFrom('otp_codes').selectAll().executeTakeFirstOrThrow();
    expect(row.consumed_at).toBe(START);
    expect((await db.selectFrom('emails').selectAll().executeTakeFirstOrThrow()).verified).toBe(1);
  });

  it('refuses a token that is not exactly six digits with invalid_code and counts nothing', async () => {
    const t = await startProvider();
    const { methodId } = await sendEmailCode(t);
    const before = await snapshot(t);
    for (const token of ['12345', '1234567', 'abcdef', '12 345', '']) {
      expectError(await t.post('/otps/authenticate', { token, method_id: methodId }), 400, 'invalid_code');
    }
    expectSchemaError(await t.post('/otps/authenticate', { token: 123456, method_id: methodId }), ['.token']);
    expectSchemaError(await t.post('/otps/authenticate', { token: '123456' }), ['.method_id']);
    expectSchemaError(
      await t.post('/otps/authenticate', { token: '123456', method_id: methodId, session_duration_minutes: 1 }),
      ['.session_duration_minutes'],
    );
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers otp_code_not_found for a wrong code, counting one failure against the code and the user', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const { methodId, code } = await sendEmailCode(t);
    const before = await snapshot(t);
    expectError(await authenticate(t, methodId, wrongCode(code)), 404, 'otp_code_not_found');
    const after = await snapshot(t);
    expect(after.sessions).toEqual([]);
    expect(after.codes.map((row) => [row.failed_attempts, row.consumed_at])).toEqual([[1, null]]);
    expect(after.failures).toEqual([
      { failure_id: expect.stringMatching(/^failure-test-/), user_id: before.users[0]?.user_id, created_at: START },
    ]);
    expect(after.emails).toEqual(before.emails);
    expect((await db.selectFrom('users').select('status').executeTakeFirstOrThrow()).status).toBe('active');
    // The right code still works after one wrong guess.
    expect((await authenticate(t, methodId, code)).status).toBe(200);
  });

  it('answers otp_code_not_found for an unknown method id', async () => {
    const t = await startProvider();
    await sendEmailCode(t);
    const before = await snapshot(t);
    expectError(
      await authenticate(t, 'email-test-00000000-0000-0000-0000-000000000000', '123456'),
      404,
      'otp_code_not_found',
    );
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses an expired code with otp_code_not_found and changes nothing', async () => {
    const t = await startProvider();
    const { methodId, code } = await sendEmailCode(t);
    t.clock.advance(5 * 60_000);
    const before = await snapshot(t);
    expectError(await authenticate(t, methodId, code), 404, 'otp_code_not_found');
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a code that was already used', async () => {
    const t = await startProvider();
    const { methodId, code } = await sendEmailCode(t);
    expect((await authenticate(t, methodId, code)).status).toBe(200);
    const before = await snapshot(t);
    expectError(await authenticate(t, methodId, code), 404, 'otp_code_not_found');
    expect(await snapshot(t)).toEqual(before);
  });

  it('makes a resend supersede the earlier code: only the newest code works', async () => {
    const t = await startProvider();
    const first = await sendEmailCode(t);
    let second = await sendEmailCode(t);
    while (second.code === first.code) second = await sendEmailCode(t);
    const before = await snapshot(t);
    expect(before.codes.filter((row) => row.consumed_at === null)).toHaveLength(1);
    expectError(await authenticate(t, first.methodId, first.code), 404, 'otp_code_not_found');
    expect((await snapshot(t)).sessions).toEqual([]);
    expect((await authenticate(t, second.methodId, second.code)).status).toBe(200);
  });

  it('burns a code after maxFailuresPerCode wrong guesses: even the right code is refused then', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const { methodId, code } = await sendEmailCode(t);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectError(await authenticate(t, methodId, wrongCode(code)), 404, 'otp_code_not_found');
    }
    const before = await snapshot(t);
    expectError(await authenticate(t, methodId, code), 404, 'otp_code_not_found');
    expect(await snapshot(t)).toEqual(before);
    expect(before.codes[0]?.failed_attempts).toBe(5);
    expect(await db.selectFrom('auth_failures').selectAll().execute()).toHaveLength(5);
  });

  it('locks the user after maxFailuresPerUser failures, even with a new code, until the window passes', async () => {
    const t = await startProvider();
    for (let round = 0; round < 2; round += 1) {
      const { methodId, code } = await sendEmailCode(t);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expectError(await authenticate(t, methodId, wrongCode(code)), 404, 'otp_code_not_found');
      }
    }
    const fresh = await sendEmailCode(t);
    const before = await snapshot(t);
    expectError(await authenticate(t, fresh.methodId, fresh.code), 429, 'user_lock_limit_reached');
    expect(await snapshot(t)).toEqual(before);
    expect(before.codes.find((row) => row.consumed_at === null)?.failed_attempts).toBe(0);

    t.clock.advance(60 * 60_000);
    const later = await sendEmailCode(t);
    expect((await authenticate(t, later.methodId, later.code)).status).toBe(200);
  });

  it('caps guesses at codes that would attach one address across every account that sends to it, and only those', async () => {
    // Sends are no limit here: only the guess caps (maxFailuresPerUser 10, maxFailuresPerCode 5) hold.
    const t = await startProvider({
      rateLimits: {
        sendsPerIdentifier: { limit: 100, windowSeconds: 60 },
        sendsPerIp: { limit: 100, windowSeconds: 60 },
      },
    });
    const { db } = t.provider.database;
    const tokens: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) {
      const account = await sendEmailCode(t, `${name}@example.com`);
      tokens.push((await authenticate(t, account.methodId, account.code)).json.data.session_token);
    }
    const sendSecondary = async (token: string, phoneNumber: string) => {
      const sent = await t.post('/otps/sms/send/secondary', { phone_number: phoneNumber }, token);
      expect(sent.status).toBe(200);
      return { methodId: sent.json.data.method_id as string, code: await t.lastCode(phoneNumber) };
    };

    // Four accounts, two codes each to the victim's number, five wrong guesses at each code: only the cap's ten
    // guesses are evaluated, all of them the first account's; every other is refused before its code is checked.
    const statuses: number[] = [];
    const live: { token: string; methodId: string; code: string }[] = [];
    for (const token of tokens) {
      for (let round = 0; round < 2; round += 1) {
        const sent = await sendSecondary(token, PHONE);
        live.push({ token, ...sent });
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const response = await authenticate(t, sent.methodId, wrongCode(sent.code), token);
          if (response.status === 429) expectError(response, 429, 'user_lock_limit_reached');
          else expectError(response, 404, 'otp_code_not_found');
          statuses.push(response.status);
        }
      }
    }
    expect(statuses).toEqual([...Array(10).fill(404), ...Array(30).fill(429)]);
    expect(await db.selectFrom('auth_failures').selectAll().execute()).toHaveLength(10);
    // Even the right code is refused now, at each code the first account did not burn, and nothing was attached.
    for (const { token, methodId, code } of live.slice(2)) {
      expectError(await authenticate(t, methodId, code, token), 429, 'user_lock_limit_reached');
    }
    expect(await db.selectFrom('phone_numbers').selectAll().execute()).toEqual([]);

    // Another recipient is unaffected: the second account (which was refused, so has no failure of its own) adds it.
    const other = await sendSecondary(tokens[1] as string, '+14155550199');
    expectError(await authenticate(t, other.methodId, wrongCode(other.code), tokens[1]), 404, 'otp_code_not_found');
    expect((await authenticate(t, other.methodId, other.code, tokens[1])).status).toBe(200);
    // Codes for a user's own sign-in are unaffected, the victim's own number included.
    const own = await sendEmailCode(t, 'c@example.com');
    expectError(await authenticate(t, own.methodId, wrongCode(own.code)), 404, 'otp_code_not_found');
    expect((await authenticate(t, own.methodId, own.code)).status).toBe(200);
    const victim = await t.post('/otps/sms/login_or_create', { phone_number: PHONE });
    const victimCode = await t.lastCode(PHONE);
    expectError(await authenticate(t, victim.json.data.method_id, wrongCode(victimCode)), 404, 'otp_code_not_found');
    expect((await authenticate(t, victim.json.data.method_id, victimCode)).status).toBe(200);
  });

  it('signs in a second user into a new session even when the caller holds another user’s session', async () => {
    const t = await startProvider();
    const ada = await sendEmailCode(t);
    const adaSession = (await authenticate(t, ada.methodId, ada.code)).json.data;
    const grace = await sendEmailCode(t, 'grace@example.com');
    const response = await authenticate(t, grace.methodId, grace.code, adaSession.session_token);
    expect(response.status).toBe(200);
    expect(response.json.data.session.session_id).not.toBe(adaSession.session.session_id);
    expect(response.json.data.user_id).not.toBe(adaSession.user_id);
  });
});

describe('otps: send rate limits', () => {
  it('answers 429 too_many_requests with Retry-After past the per-identifier limit, writing nothing', async () => {
    const t = await startProvider();
    for (let index = 0; index < 5; index += 1) await sendEmailCode(t);
    const before = await snapshot(t);
    const response = await t.post('/otps/email/login_or_create', { email: EMAIL });
    expectError(response, 429, 'too_many_requests');
    expect(response.headers.get('retry-after')).toBe('60');
    expect(await snapshot(t)).toEqual(before);
    t.clock.advance(60_000);
    await sendEmailCode(t);
  });

  it('limits sends per client IP across identifiers', async () => {
    const config: ProviderConfigInput = { rateLimits: { sendsPerIp: { limit: 2, windowSeconds: 60 } } };
    const t = await startProvider(config);
    await sendEmailCode(t, 'a@example.com');
    await sendEmailCode(t, 'b@example.com');
    const before = await snapshot(t);
    const refused = await t.post('/otps/email/login_or_create', { email: 'c@example.com' });
    expectError(refused, 429, 'too_many_requests');
    expect(await snapshot(t)).toEqual(before);
    const other = await t.call('POST', '/otps/email/login_or_create', {
      body: { email: 'c@example.com' },
      remoteAddress: '10.0.0.2',
    });
    expect(other.status).toBe(200);
  });

  it("lets a caller over its own IP limit use up none of a victim's sends, and write no row for the address", async () => {
    const t = await startProvider({
      rateLimits: {
        sendsPerIp: { limit: 2, windowSeconds: 60 },
        sendsPerIdentifier: { limit: 5, windowSeconds: 60 },
      },
    });
    const { db } = t.provider.database;
    const attacker = (email: string) =>
      t.call('POST', '/otps/email/login_or_create', { body: { email }, remoteAddress: '203.0.113.66' });
    expect((await attacker('a@example.com')).status).toBe(200);
    expect((await attacker('b@example.com')).status).toBe(200);
    const victim = 'victim@example.com';
    // Sequential and then parallel: every one refused for the attacker's IP.
    for (let index = 0; index < 5; index += 1) expectError(await attacker(victim), 429, 'too_many_requests');
    for (const response of await Promise.all(Array.from({ length: 10 }, () => attacker('Victim+x@example.com')))) {
      expectError(response, 429, 'too_many_requests');
    }
    const buckets = (await db.selectFrom('rate_limits').select('bucket').execute()).map((row) => row.bucket);
    expect(buckets.filter((bucket) => bucket.startsWith('send:identifier:')).sort()).toEqual([
      'send:identifier:a@example.com',
      'send:identifier:b@example.com',
    ]);
    expect(await t.inbox(victim)).toEqual([]);
    // The victim's own sends still go out (from other addresses): all five of its per-address slots are free.
    for (let index = 1; index <= 5; index += 1) {
      const remoteAddress = `198.51.100.${index}`;
      const { response, code } = await deliveredCode(t, victim, () =>
        t.call('POST', '/otps/email/login_or_create', { body: { email: victim }, remoteAddress }),
      );
      expect(response.status).toBe(200);
      expect(code).toMatch(/^\d{6}$/);
    }
  });
});

describe('otps: concurrency', () => {
  it('lets exactly one of 50 parallel redemptions of one correct code succeed', async () => {
    const t = await startProvider();
    const { methodId, code } = await sendEmailCode(t);
    const responses = await Promise.all(Array.from({ length: 50 }, () => authenticate(t, methodId, code)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const response of responses.filter((item) => item.status !== 200)) {
      expectError(response, 404, 'otp_code_not_found');
    }
    expect(await t.provider.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
    expect(await t.provider.database.db.selectFrom('auth_failures').selectAll().execute()).toHaveLength(0);
  });

  it('answers the right code and 24 wrong guesses sent at once without a failed request: one sign-in, every wrong guess counted', async () => {
    // On PostgreSQL the right code is redeemed in one statement while the wrong guesses run their transactions: both
    // lock the code's row before the user's guess counter, so neither waits on the other in a cycle (a deadlock would
    // fail one of them with a 500 after PostgreSQL's deadlock timeout).
    const t = await startProvider({ lockout: { maxFailuresPerUser: 100, maxFailuresPerCode: 100, windowMinutes: 60 } });
    for (const round of [1, 2]) {
      const { methodId, code } = await sendEmailCode(t);
      const wrong = (index: number) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0');
      const guesses = Array.from({ length: 25 }, (_, index) => (index === 12 ? code : wrong(index)));
      const responses = await Promise.all(guesses.map((guess) => authenticate(t, methodId, guess)));
      expect(
        responses.map((response) => response.status),
        `round ${round}`,
      ).toEqual(guesses.map((guess) => (guess === code ? 200 : 404)));
      for (const response of responses.filter((item) => item.status !== 200)) {
        expectError(response, 404, 'otp_code_not_found');
      }
      const row = await t.provider.database.db
        .selectFrom('otp_codes')
        .selectAll()
        .where('method_id', '=', methodId)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.consumed_at).not.toBeNull();
    }
    expect(await t.provider.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(2);
  });

  it('creates exactly one user for 50 parallel login_or_create calls for one new email', async () => {
    const t = await startProvider({
      rateLimits: {
        sendsPerIdentifier: { limit: 100, windowSeconds: 60 },
        sendsPerIp: { limit: 100, windowSeconds: 60 },
      },
    });
    const { db } = t.provider.database;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => t.post('/otps/email/login_or_create', { email: EMAIL })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    expect(await db.selectFrom('users').selectAll().execute()).toHaveLength(1);
    const emails = await db.selectFrom('emails').selectAll().execute();
    expect(emails).toHaveLength(1);
    expect(new Set(responses.map((response) => response.json.data.method_id))).toEqual(new Set([emails[0]?.email_id]));
  });
});
