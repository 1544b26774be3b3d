import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLog } from '../../test/opsSupport';
import { startProvider } from '../../testing/harness';
import { createSmtpOutbox, DeliveryError, type OutgoingMessage, type PhoneSender } from './outbox';
import { createOutboxWorker } from './outboxWorker';

/** What a minimal SMTP server received: envelope and raw DATA of each message. */
interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A just-enough SMTP server on loopback (RFC 5321 greeting, EHLO, MAIL, RCPT, DATA, QUIT), so the real
 * nodemailer transport is exercised end to end without a mail service.
 */
function startSmtpServer(listenPort = 0): Promise<{ server: Server; port: number; mails: ReceivedMail[] }> {
  const mails: ReceivedMail[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let current: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    socket.write('220 test.local ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          mails.push(current);
          current = { from: '', to: [], data: '' };
          inData = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test.local\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.from = line.slice(line.indexOf('<') + 1, line.indexOf('>'));
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line.slice(line.indexOf('<') + 1, line.indexOf('>')));
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(listenPort, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, mails });
    });
  });
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

describe('SMTP delivery', () => {
  it('sends the passcode email through the configured SMTP server (through the outbox), and nothing to the inbox', async () => {
    const smtp = await startSmtpServer();
    servers.push(smtp.server);
    const { call, provider } = await startProvider({
      mode: 'production',
      smtp: { url: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, from: 'Acme <login@acme.example>' },
    });
    const response = await call('POST', '/otps/email/login_or_create', { body: { email: 'ada@example.com' } });
    expect(response.status).toBe(200);
    expect(provider.inbox).toBeNull();
    // Production does not wait for the mail server: the message is committed, then delivered.
    await vi.waitFor(() => expect(smtp.mails).toHaveLength(1), { timeout: 15_000 });
    const [mail] = smtp.mails as [ReceivedMail];
    expect(mail.from).toBe('login@acme.example');
    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.data).toContain('Subject: Your Latchkey Playground sign-in code');
    expect(mail.data).toMatch(/Your Latchkey Playground sign-in code is \d{6}\./);
    const { db } = provider.database;
    await vi.waitFor(
      async () =>
        expect(await db.selectFrom('outbox_messages').select(['status', 'payload', 'attempts']).execute()).toEqual([
          { status: 'sent', payload: '', attempts: 1 },
        ]),
      { timeout: 15_000 },
    );
    // The outbox id is the Message-ID: a message sent again after a lost answer carries the same one.
    const [row] = await db.selectFrom('outbox_messages').select('message_id').execute();
    expect(mail.data).toContain(`Message-ID: <${row?.message_id}@acme.example>`);
    expect((await call('GET', '/dev/inbox')).status).toBe(404);
  });

  it('answers 200 when the SMTP server cannot be reached, and delivers the email once it can', async () => {
    const smtp = await startSmtpServer();
    const { port } = smtp;
    await new Promise((resolve) => smtp.server.close(resolve));
    const log = captureLog();
    const { call, provider, clock } = await startProvider(
      {
        mode: 'production',
        smtp: { url: `smtp://127.0.0.1:${port}?ignoreTLS=true&connectionTimeout=2000`, from: 'login@acme.example' },
      },
      { background: false, logger: log.logger },
    );
    const response = await call('POST', '/otps/email/login_or_create', { body: { email: 'ada@example.com' } });
    expect(response.status).toBe(200);
    const { db } = provider.database;
    const row = () => db.selectFrom('outbox_messages').select(['status', 'attempts', 'last_error']).executeTakeFirst();
    await vi.waitFor(async () => expect((await row())?.last_error).toMatch(/ECONNREFUSED/), { timeout: 15_000 });
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
    // The worker logs the failure once its row is written: the row may be seen committed a moment before that.
    await vi.waitFor(
      () =>
        expect(log.entries().filter((entry) => entry.msg !== 'request')).toEqual([
          expect.objectContaining({ level: 'warn', attempts: 1, channel: 'email' }),
        ]),
      { timeout: 15_000 },
    );
    expect(log.text()).not.toContain('ada@example.com');
    // The server comes back on the same port; the retry is due after the first backoff (2 s).
    const back = await startSmtpServer(port);
    servers.push(back.server);
    expect(await provider.outbox.deliverDue()).toBe(0);
    clock.advance(2_000);
    expect(await provider.outbox.deliverDue()).toBe(1);
    expect(back.mails).toHaveLength(1);
    expect(back.mails[0]?.to).toEqual(['ada@example.com']);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('SMTP recipients', () => {
  const INJECTED = 'x<attacker@evil.com>.corp.com';
  const email = (to: string): OutgoingMessage => ({
    channel: 'email',
    to,
    subject: 'Your code',
    text: 'Your code is 123456.',
    links: [],
    codes: ['123456'],
  });

  /** A provider on SMTP, and an outbox worker of its own over the provider's database that sends through `smtp`. */
  async function smtpWorker(port: number) {
    const t = await startProvider(
      {
        mode: 'production',
        smtp: { url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: 'Acme <login@acme.example>' },
      },
      { background: false },
    );
    const logged: string[] = [];
    const worker = createOutboxWorker({
      db: t.provider.database.db,
      clock: t.clock,
      hmacKey: randomBytes(32),
      deliver: createSmtpOutbox({ url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: 'Acme <login@acme.example>' }),
      config: t.provider.config.outbox,
      awaitFirstAttempt: true,
      log: (_level, message) => logged.push(message),
    });
    return { ...t, worker, logged };
  }

  it('refuses an email address that is an address list, with no message queued and nothing sent', async () => {
    const smtp = await startSmtpServer();
    servers.push(smtp.server);
    const { call, provider } = await startProvider({
      mode: 'production',
      smtp: { url: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, from: 'login@acme.example' },
    });
    for (const [path, body] of [
      ['/otps/email/login_or_create', { email: INJECTED }],
      ['/otps/email/login_or_create', { email: 'x<victim@corp.com>.va.co' }],
      ['/magic_links/email/login_or_create', { email: INJECTED }],
    ] as const) {
      const response = await call('POST', path, { body });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ error_type: 'invalid_email', error_message: 'Email format is invalid.' });
    }
    const { db } = provider.database;
    expect(await db.selectFrom('outbox_messages').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('users').selectAll().execute()).toEqual([]);
    expect(smtp.mails).toEqual([]);
  });

  it('never sends to an address list the outbox is handed, and gives the message up at once', async () => {
    const smtp = await startSmtpServer();
    servers.push(smtp.server);
    const { worker, provider, clock, logged } = await smtpWorker(smtp.port);
    const outbox = createSmtpOutbox({
      url: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      from: 'login@acme.example',
    });
    for (const to of [INJECTED, 'a@x.com, b@y.com', '"a"@x.com', 'Ada <ada@example.com>']) {
      const error: unknown = await outbox.send(email(to)).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(DeliveryError);
      expect((error as DeliveryError).retryable).toBe(false);
    }
    await worker.send(email(INJECTED));
    const { db } = provider.database;
    const rows = () =>
      db.selectFrom('outbox_messages').select(['status', 'attempts', 'payload', 'last_error']).execute();
    expect(await rows()).toEqual([
      {
        status: 'failed',
        attempts: 1,
        payload: '',
        last_error: 'The recipient is not one plain email address; the message is not sent.',
      },
    ]);
    expect(logged).toEqual(['outgoing message given up on']);
    clock.advance(24 * 60 * 60 * 1000);
    expect(await worker.deliverDue()).toBe(0);
    expect(await rows()).toMatchObject([{ status: 'failed', attempts: 1 }]);
    expect(smtp.mails).toEqual([]);
  });

  it('sends a plain address with RCPT TO exactly that address and MAIL FROM the bare From address', async () => {
    const smtp = await startSmtpServer();
    servers.push(smtp.server);
    const { worker, provider } = await smtpWorker(smtp.port);
    await worker.send(email("o'brien+tag@example.co.uk"));
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]).toMatchObject({ from: 'login@acme.example', to: ["o'brien+tag@example.co.uk"] });
    expect(smtp.mails[0]?.data).toContain('From: Acme <login@acme.example>');
    expect(await provider.database.db.selectFrom('outbox_messages').select(['status', 'attempts']).execute()).toEqual([
      { status: 'sent', attempts: 1 },
    ]);
  });
});

describe('phone sender', () => {
  it('switches text and WhatsApp passcodes off in production when nothing can send them, writing nothing', async () => {
    const { call, provider } = await startProvider({
      mode: 'production',
      smtp: { url: 'smtp://127.0.0.1:9', from: 'login@acme.example' },
    });
    expect(provider.config.project.products).toEqual(['email_otp', 'email_magic_links', 'passwords', 'webauthn']);
    for (const channel of ['sms', 'whatsapp']) {
      const response = await call('POST', `/otps/${channel}/login_or_create`, {
        body: { phone_number: '+14155550100' },
      });
      expect(response.status).toBe(403);
      expect(response.json).toMatchObject({
        error_type: 'method_not_enabled',
        error_message: 'This sign-in method is not enabled for this project.',
      });
    }
    const { db } = provider.database;
    expect(await db.selectFrom('users').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('otp_codes').selectAll().execute()).toEqual([]);
  });

  it('hands text and WhatsApp messages to the pluggable sender while email stays in the inbox', async () => {
    const sent: OutgoingMessage[] = [];
    const phoneSender: PhoneSender = {
      async send(message) {
        sent.push(message);
      },
    };
    const { call, inbox } = await startProvider({}, { phoneSender });
    expect((await call('POST', '/otps/sms/login_or_create', { body: { phone_number: '+14155550100' } })).status).toBe(
      200,
    );
    expect(
      (await call('POST', '/otps/whatsapp/login_or_create', { body: { phone_number: '+14155550101' } })).status,
    ).toBe(200);
    expect((await call('POST', '/otps/email/login_or_create', { body: { email: 'ada@example.com' } })).status).toBe(
      200,
    );
    expect(sent.map((message) => [message.channel, message.to])).toEqual([
      ['sms', '+14155550100'],
      ['whatsapp', '+14155550101'],
    ]);
    expect(sent[0]?.codes).toHaveLength(1);
    expect(sent[0]?.text).toContain(sent[0]?.codes[0]);
    expect(await inbox('+14155550100')).toEqual([]);
    expect(await inbox('ada@example.com')).toHaveLength(1);
  });
});
