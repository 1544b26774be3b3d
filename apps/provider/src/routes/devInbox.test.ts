import { afterEach, describe, expect, it } from 'vitest';
import { errorBody } from '../../test/expectError';
import { freshDatabase, iso, startProvider, type TestProvider } from '../../testing/harness';
import { createProvider } from '../provider';
import { createDevInbox, type OutgoingMessage } from '../services/outbox';

const SMTP = { url: 'smtp://mail.example.com:587', from: 'Acme <no-reply@acme.example>' };

function message(overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    channel: 'email',
    to: 'ada@example.com',
    subject: 'Your code',
    text: 'Your code is 123456',
    html: '<p>Your code is <b>123456</b></p>',
    links: ['http://localhost:5173/authenticate?token=abc'],
    codes: ['123456'],
    ...overrides,
  };
}

/** Sends through a development inbox on the test provider's own database, as the routes' outbox does. */
function sender(testProvider: TestProvider) {
  return createDevInbox(testProvider.provider.database.db, () => testProvider.clock.now());
}

describe('GET /dev/inbox and DELETE /dev/inbox', () => {
  it('lists every stored message with its links and codes', async () => {
    const testProvider = await startProvider();
    const email = message();
    const sms = message({
      channel: 'sms',
      to: '+14155550100',
      subject: '',
      text: '654321 is your code',
      html: undefined,
      links: [],
      codes: ['654321'],
    });
    await sender(testProvider).send(email);
    await sender(testProvider).send(sms);
    const response = await testProvider.call('GET', '/dev/inbox');
    expect(response.status).toBe(200);
    const stored = { message_id: expect.stringMatching(/^message-/), created_at: iso(testProvider.clock.now()) };
    expect(response.json).toEqual({
      messages: [
        { ...stored, ...email },
        { ...stored, ...sms, html: null },
      ],
    });
  });

  it('lists messages in the order they were sent, even within one instant', async () => {
    const testProvider = await startProvider();
    const inbox = sender(testProvider);
    for (let index = 0; index < 12; index += 1) await inbox.send(message({ codes: [String(index).padStart(6, '0')] }));
    const { json } = await testProvider.call('GET', '/dev/inbox');
    expect(json.messages.map((item: { codes: string[] }) => item.codes[0])).toEqual(
      Array.from({ length: 12 }, (_, index) => String(index).padStart(6, '0')),
    );
  });

  it('filters by ?to=, matching emails whatever their case and phone numbers with an unencoded +', async () => {
    const testProvider = await startProvider();
    const inbox = sender(testProvider);
    await inbox.send(message({ to: 'Ada@Example.com', codes: ['111111'] }));
    await inbox.send(message({ to: 'grace@example.com', codes: ['222222'] }));
    await inbox.send(message({ channel: 'sms', to: '+14155550100', codes: ['333333'] }));
    const codes = async (query: string) =>
      (await testProvider.call('GET', `/dev/inbox?to=${query}`)).json.messages.map(
        (item: { codes: string[] }) => item.codes[0],
      );
    expect(await codes('ada%40example.com')).toEqual(['111111']);
    expect(await codes('ADA@EXAMPLE.COM')).toEqual(['111111']);
    expect(await codes('grace@example.com')).toEqual(['222222']);
    expect(await codes('%2B14155550100')).toEqual(['333333']);
    expect(await codes('+14155550100')).toEqual(['333333']);
    expect(await codes('nobody@example.com')).toEqual([]);
  });

  it('empties the inbox on DELETE', async () => {
    const testProvider = await startProvider();
    await sender(testProvider).send(message());
    const response = await testProvider.call('DELETE', '/dev/inbox');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ messages: [] });
    expect(await testProvider.provider.database.db.selectFrom('dev_inbox').selectAll().execute()).toEqual([]);
    expect((await testProvider.call('GET', '/dev/inbox')).json).toEqual({ messages: [] });
  });

  it('is reachable only from allowed origins when called from a browser', async () => {
    const testProvider = await startProvider();
    await sender(testProvider).send(message());
    const response = await testProvider.call('DELETE', '/dev/inbox', { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await testProvider.provider.database.db.selectFrom('dev_inbox').selectAll().execute()).toHaveLength(1);
  });
});

describe('who reaches the development inbox in development mode', () => {
  /** GET /dev/inbox straight through the provider's fetch, as a socket from `remoteAddress` would send it. */
  async function inboxStatus(
    testProvider: TestProvider,
    options: { remoteAddress?: string; headers?: Record<string, string> } = {},
  ): Promise<number> {
    const request = new Request('http://localhost:8787/dev/inbox', { headers: options.headers ?? {} });
    const bindings = options.remoteAddress === undefined ? undefined : { remoteAddress: options.remoteAddress };
    return (await testProvider.provider.fetch(request, bindings)).status;
  }

  it('answers a connection from this machine, and an in-process caller (no connection)', async () => {
    const testProvider = await startProvider();
    expect(await inboxStatus(testProvider, { remoteAddress: '127.0.0.1' })).toBe(200);
    expect(await inboxStatus(testProvider, { remoteAddress: '::1' })).toBe(200);
    expect(await inboxStatus(testProvider, { remoteAddress: '::ffff:127.0.0.1' })).toBe(200);
    expect(await inboxStatus(testProvider)).toBe(200);
  });

  it('answers 404 to a connection from elsewhere, even with a loopback Host (a provider bound to 0.0.0.0)', async () => {
    const testProvider = await startProvider();
    await sender(testProvider).send(message());
    expect(await inboxStatus(testProvider, { remoteAddress: '203.0.113.9', headers: { host: 'localhost:8787' } })).toBe(
      404,
    );
    expect(await inboxStatus(testProvider, { remoteAddress: '10.0.0.5' })).toBe(404);
  });

  it('answers 404 through a reverse proxy on this machine (its forwarding headers), and under a public publicUrl', async () => {
    const testProvider = await startProvider();
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host']) {
      expect(
        await inboxStatus(testProvider, { remoteAddress: '127.0.0.1', headers: { [header]: '203.0.113.9' } }),
      ).toBe(404);
    }
    const published = await startProvider({ publicUrl: 'https://auth.example.com' });
    expect(await inboxStatus(published, { remoteAddress: '127.0.0.1' })).toBe(404);
    const upstream = await published.provider.fetch(new Request('http://localhost:8787/dev/oauth/gsi/client'), {
      remoteAddress: '127.0.0.1',
    });
    expect(upstream.status).toBe(404);
  });
});

describe('the development inbox in production mode', () => {
  const NOT_FOUND = errorBody(404, 'not_found', 'The requested resource was not found.');

  it('does not exist when email goes through SMTP', async () => {
    const testProvider = await startProvider({ mode: 'production', smtp: SMTP });
    expect(testProvider.provider.inbox).toBeNull();
    for (const method of ['GET', 'DELETE']) {
      const response = await testProvider.call(method, '/dev/inbox');
      expect(response.status).toBe(404);
      expect(response.json).toEqual(NOT_FOUND);
    }
  });

  it('does not exist with a custom outbox either, and keeps stored messages out of reach', async () => {
    const sent: OutgoingMessage[] = [];
    const testProvider = await startProvider(
      { mode: 'production' },
      { outbox: { send: async (outgoing) => void sent.push(outgoing) } },
    );
    await sender(testProvider).send(message());
    const response = await testProvider.call('GET', '/dev/inbox');
    expect(response.status).toBe(404);
    expect(response.json).toEqual(NOT_FOUND);
  });

  describe('without SMTP or an outbox', () => {
    const drops: (() => Promise<void>)[] = [];
    afterEach(async () => {
      while (drops.length > 0) await drops.pop()?.();
    });

    it('refuses to start, with a clear error, before touching the database', async () => {
      const fresh = await freshDatabase();
      drops.push(fresh.drop);
      await expect(createProvider({ db: fresh.database, config: { mode: 'production' } })).rejects.toThrow(
        'Production mode needs a way to send email: set "smtp" in the configuration or pass an outbox.',
      );
      expect(await fresh.database.db.selectFrom('projects').selectAll().execute()).toEqual([]);
    });

    it('refuses to start when it would have opened the database itself', async () => {
      await expect(createProvider({ db: ':memory:', config: { mode: 'production' } })).rejects.toThrow(
        'Production mode needs a way to send email',
      );
    });
  });
});
