import { describe, expect, it } from 'vitest';
import { refusal } from '../../test/expectError';
import { appWithRoutes, providerDeps } from '../../testing/fixtures';
import { ORIGIN, PUBLIC_TOKEN, startProvider } from '../../testing/harness';
import { parseConfig } from '../config';
import { clientIp, ok } from '../http/context';
import { ERROR_URL_BASE, type ProviderError } from '../http/errors';
import {
  assertEmail,
  assertPhoneNumber,
  assertProductEnabled,
  clearGuessSlots,
  consumeRateLimit,
  isAllowedRedirect,
  limitSends,
  releaseGuessSlot,
  releaseRateLimit,
  resolveRedirect,
  sendLimitKey,
  takeGuessSlot,
  tokenLink,
} from './guards';

const project = parseConfig({}).project;

describe('isAllowedRedirect', () => {
  it.each([
    '//evil.com',
    '//evil.com/authenticate',
    'https://app@evil.com',
    'http://localhost:5173@evil.com/authenticate',
    'http://localhost:5173:@evil.com/authenticate',
    'http://user:pass@localhost:5173/authenticate',
    'http://localhost:5173.evil.com/authenticate',
    'http://localhost.evil.com:5173/authenticate',
    'http://evil.com/http://localhost:5173/authenticate',
    'http://evil.com/?http://localhost:5173/authenticate',
    'http://localhost:5174/authenticate',
    'http://localhost/authenticate',
    'https://localhost:5173/authenticate',
    'http://localhost:5173/authenticate/x',
    'http://localhost:5173/authenticate/',
    'http://localhost:5173/authenticatex',
    'http://localhost:5173/%2Fauthenticate',
    'http://localhost:5173/authenticate%2F',
    'http://localhost:5173/%61uthenticate',
    'http://localhost:5173\\@evil.com/authenticate',
    'http:\\\\localhost:5173\\authenticate',
    'http://localhost:5173/authenticate\\..\\x',
    '\\\\evil.com/authenticate',
    'javascript:alert(1)',
    'javascript://localhost:5173/authenticate?%0aalert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'http://localhost:5173/auth\tenticate',
    'http://local\nhost:5173/authenticate',
    'http://localhost:5173/authenticate\r\n',
    '\thttp://localhost:5173/authenticate',
    ' http://localhost:5173/authenticate',
    'http://localhost:5173/authenticate\u0000',
    '/authenticate',
    'localhost:5173/authenticate',
    '',
  ])('refuses %j', (url) => {
    expect(isAllowedRedirect(project, url)).toBe(false);
  });

  it.each([
    'http://localhost:5173/authenticate',
    'http://127.0.0.1:5173/authenticate',
    'http://localhost:5173/authenticate?next=%2Fhome',
    'http://localhost:5173/authenticate?a=1&b=2',
    'http://localhost:5173/authenticate#section',
    // The same URL once parsed (WHATWG lower-cases the host): a browser would open exactly the allowed page.
    'http://LOCALHOST:5173/authenticate',
  ])('accepts %j', (url) => {
    expect(isAllowedRedirect(project, url)).toBe(true);
  });

  it('compares against every allowlist entry, and an allowlist entry with a query still matches by path', () => {
    const custom = parseConfig({
      project: { redirectUrls: ['https://app.example.com/callback?from=email', 'https://app.example.com:8443/reset'] },
    }).project;
    expect(isAllowedRedirect(custom, 'https://app.example.com/callback')).toBe(true);
    expect(isAllowedRedirect(custom, 'https://app.example.com:8443/reset?x=1')).toBe(true);
    expect(isAllowedRedirect(custom, 'https://app.example.com/reset')).toBe(false);
    expect(isAllowedRedirect(custom, 'https://app.example.com.evil.com/callback')).toBe(false);
    expect(isAllowedRedirect(custom, 'https://evil.example.com/callback')).toBe(false);
  });
});

describe('resolveRedirect', () => {
  it('returns the URL the caller named when it is allowed, exactly as given', () => {
    expect(resolveRedirect(project, 'http://localhost:5173/authenticate?next=1', 'login')).toBe(
      'http://localhost:5173/authenticate?next=1',
    );
  });

  it('falls back to the default for the kind, then to the first allowed URL', () => {
    const custom = parseConfig({
      project: {
        redirectUrls: ['https://app.example.com/login', 'https://app.example.com/reset'],
        defaultRedirectUrls: { resetPassword: 'https://app.example.com/reset' },
      },
    }).project;
    expect(resolveRedirect(custom, undefined, 'resetPassword')).toBe('https://app.example.com/reset');
    expect(resolveRedirect(custom, undefined, 'login')).toBe('https://app.example.com/login');
  });

  it.each([
    '//evil.com',
    'https://app@evil.com',
    'http://localhost:5173@evil.com/authenticate',
    'javascript:alert(1)',
    '',
  ])('refuses %j with invalid_redirect_url', async (url) => {
    const error = await refusal(() => resolveRedirect(project, url, 'login'));
    expect(error.errorType).toBe('invalid_redirect_url');
    expect(error.status).toBe(400);
    expect(error.message).toBe("The redirect URL is not in the project's allowlist of redirect URLs.");
  });

  it('explains itself when no URL was given and the project has none', async () => {
    const empty = parseConfig({ project: { redirectUrls: [] } }).project;
    const error = await refusal(() => resolveRedirect(empty, undefined, 'signup'));
    expect(error.errorType).toBe('invalid_redirect_url');
    expect(error.message).toBe('No redirect URL was given and the project has no default signup redirect URL.');
  });
});

describe('tokenLink', () => {
  it('adds stytch_token_type and token to the redirect URL, keeping its own query', () => {
    expect(tokenLink('http://localhost:5173/authenticate?next=%2Fhome', 'magic_links', 'abc_-123')).toBe(
      'http://localhost:5173/authenticate?next=%2Fhome&stytch_token_type=magic_links&token=abc_-123',
    );
  });

  it('replaces a token the redirect URL already carried instead of sending two', () => {
    const link = new URL(tokenLink('http://localhost:5173/authenticate?token=evil', 'reset_password', 'good'));
    expect(link.searchParams.getAll('token')).toEqual(['good']);
  });
});

describe('assertEmail, assertPhoneNumber, assertProductEnabled', () => {
  it.each([
    'ada@example.com',
    'a.b+tag@sub.example.co',
    ' ada@example.com ',
    'ada.lovelace+tag@example.co.uk',
    "o'brien@example.com",
    'ada-l_9@mail-1.example-2.io',
    '用户@例子.广告',
    // The same kind of domain in its ASCII form (RFC 5321 §2.3.5), as providers such as Google return it.
    'ivan@xn--e1afmkfd.xn--p1ai',
    'josé@exämple.de',
    'ada@Example.COM',
    'josé@EXÄMPLE.de',
    'josé@xn--exmple-cua.de',
    // Spellings IDNA maps to one domain: accepted, and stored as that domain (emailAddress.test.ts).
    'ada@\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.com',
    'ada@exa\u0308mple.de',
  ])('accepts the email %j', (email) => {
    expect(() => assertEmail(email)).not.toThrow();
  });

  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada@example.c', 'a da@example.com', 'a@b@c.com'])(
    'refuses the email %j with invalid_email',
    async (email) => {
      expect((await refusal(() => assertEmail(email))).errorType).toBe('invalid_email');
    },
  );

  // Address-list syntax a mailer would read as another recipient, or as several (nodemailer sends
  // `x<attacker@evil.com>.corp.com` to attacker@evil.com), and what is not a plain domain.
  it.each([
    'x<attacker@evil.com>.corp.com',
    'x<victim@corp.com>.va.co',
    'x<victim@corp.com>.vb.co',
    'a,b@x.com',
    'a;b@x.com',
    '"a"@x.com',
    'a(b)@x.com',
    'a:b@x.com',
    'a\\b@x.com',
    'a[b]@x.com',
    'a\u0000b@x.com',
    'a\u007fb@x.com',
    'a\u00a0b@x.com',
    'a@[1.2.3.4]',
    'a@x..com',
    'a@.x.com',
    'a@x.com.',
    'a@x_y.com',
    'a@x.c0m',
    'a@x.com>',
    'Ada <ada@example.com>',
    // A soft hyphen (a format character) is no letter of a domain as written.
    'ada@ex\u00adample.com',
    // Symbols IDNA maps to a parenthesis or a comma (`x(4)y.com`, `x1,y.com`): no host name, and address-list syntax.
    'ada@x\u2477y.com',
    'ada@x\u{1f102}y.com',
  ])('refuses the email %j with invalid_email', async (email) => {
    const error = await refusal(() => assertEmail(email));
    expect(error.errorType).toBe('invalid_email');
    expect(error.message).toBe('Email format is invalid.');
  });

  it.each(['+14155550100', '+447911123456', '+12'])('accepts the phone number %j', (phone) => {
    expect(() => assertPhoneNumber(parseConfig({}), phone)).not.toThrow();
  });

  it.each(['14155550100', '+04155550100', '+1 415 555 0100', '+1234567890123456', '+1', ''])(
    'refuses the phone number %j with invalid_phone_number',
    async (phone) => {
      const error = await refusal(() => assertPhoneNumber(parseConfig({}), phone));
      expect(error.errorType).toBe('invalid_phone_number');
      expect(error.message).toBe('Phone number format is invalid. Ensure the phone number is in the E.164 format.');
    },
  );

  it('refuses a product the project switched off with method_not_enabled', async () => {
    const testProvider = await startProvider({ project: { products: ['email_otp'] } });
    const deps = providerDeps(testProvider);
    expect(() => assertProductEnabled(deps, 'email_otp')).not.toThrow();
    const error = await refusal(() => assertProductEnabled(deps, 'passwords'));
    expect([error.errorType, error.status]).toEqual(['method_not_enabled', 403]);
  });
});

describe('consumeRateLimit and limitSends', () => {
  const window = { limit: 3, windowSeconds: 60 };

  it('allows the limit within a window, then refuses with 429 too_many_requests and the seconds left', async () => {
    const testProvider = await startProvider();
    const deps = providerDeps(testProvider);
    // The test clock starts on a minute boundary, so the window started now.
    testProvider.clock.advance(15_000);
    for (let index = 0; index < 3; index += 1) await consumeRateLimit(deps, 'bucket-a', window);
    const error = await refusal(() => consumeRateLimit(deps, 'bucket-a', window));
    expect([error.errorType, error.status, error.retryAfterSeconds]).toEqual(['too_many_requests', 429, 45]);
    expect(error.message).toBe('Too many requests have been made. Please wait and try again.');
    // Other buckets are counted apart.
    await consumeRateLimit(deps, 'bucket-b', window);
    testProvider.clock.advance(44_500);
    expect((await refusal(() => consumeRateLimit(deps, 'bucket-a', window))).retryAfterSeconds).toBe(1);
  });

  it('starts counting afresh once the window has passed', async () => {
    const testProvider = await startProvider();
    const deps = providerDeps(testProvider);
    for (let index = 0; index < 3; index += 1) await consumeRateLimit(deps, 'bucket', window);
    await refusal(() => consumeRateLimit(deps, 'bucket', window));
    testProvider.clock.advance(60_000);
    for (let index = 0; index < 3; index += 1) await consumeRateLimit(deps, 'bucket', window);
    await refusal(() => consumeRateLimit(deps, 'bucket', window));
    const row = await testProvider.provider.database.db
      .selectFrom('rate_limits')
      .selectAll()
      .where('bucket', '=', 'bucket')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ bucket: 'bucket', window_start: testProvider.clock.now(), count: 4 });
  });

  it('lets exactly the limit through when many calls race', async () => {
    const testProvider = await startProvider();
    const deps = providerDeps(testProvider);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => consumeRateLimit(deps, 'race', { limit: 5, windowSeconds: 60 })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as ProviderError).errorType).toBe('too_many_requests');
    }
  });

  it('takes a slot in a transaction that a right check gives back, and a refusal does not count', async () => {
    const testProvider = await startProvider();
    const deps = providerDeps(testProvider);
    const limit = { limit: 2, windowSeconds: 60 };
    const check = (right: boolean) =>
      deps.db.transaction().execute(async (trx) => {
        await consumeRateLimit(deps, 'slots', limit, 1, trx);
        if (right) await releaseRateLimit(trx, 'slots');
      });
    const count = async () =>
      Number(
        (
          await deps.db
            .selectFrom('rate_limits')
            .select('count')
            .where('bucket', '=', 'slots')
            .executeTakeFirstOrThrow()
        ).count,
      );
    // Right checks, even many at once, leave the count where it was.
    await Promise.all(Array.from({ length: 10 }, () => check(true)));
    expect(await count()).toBe(0);
    await check(false);
    await check(false);
    expect(await count()).toBe(2);
    // Past the limit the transaction is rolled back: 429, and nothing counted.
    expect((await refusal(() => check(true))).errorType).toBe('too_many_requests');
    expect(await count()).toBe(2);
  });

  it('limits sends per identifier (whatever its case) and per client IP', async () => {
    const testProvider = await startProvider({
      rateLimits: { sendsPerIdentifier: { limit: 2, windowSeconds: 60 }, sendsPerIp: { limit: 3, windowSeconds: 60 } },
    });
    const deps = providerDeps(testProvider);
    await limitSends(deps, 'ada@example.com', '198.51.100.1');
    await limitSends(deps, 'ADA@example.com', '198.51.100.2');
    // A new IP does not buy more sends to the same address.
    expect((await refusal(() => limitSends(deps, 'Ada@Example.com', '198.51.100.3'))).errorType).toBe(
      'too_many_requests',
    );
    // One IP spraying many addresses hits the per-IP limit.
    await limitSends(deps, 'b@example.com', '203.0.113.9');
    await limitSends(deps, 'c@example.com', '203.0.113.9');
    await limitSends(deps, 'd@example.com', '203.0.113.9');
    expect((await refusal(() => limitSends(deps, 'e@example.com', '203.0.113.9'))).errorType).toBe('too_many_requests');
  });

  it('counts a send refused by either limit in neither, even for 50 parallel calls', async () => {
    const testProvider = await startProvider({
      rateLimits: { sendsPerIdentifier: { limit: 5, windowSeconds: 60 }, sendsPerIp: { limit: 3, windowSeconds: 60 } },
    });
    const deps = providerDeps(testProvider);
    const { db } = testProvider.provider.database;
    const count = async (bucket: string) =>
      Number(
        (await db.selectFrom('rate_limits').select('count').where('bucket', '=', bucket).executeTakeFirst())?.count ??
          0,
      );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => limitSends(deps, 'victim@example.com', '203.0.113.9')),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect((outcome.reason as ProviderError).errorType).toBe('too_many_requests');
    }
    expect(await count('send:ip:203.0.113.9')).toBe(3);
    expect(await count('send:identifier:victim@example.com')).toBe(3);
    // An IP past its limit takes no slot of another address, and writes no row for it.
    expect((await refusal(() => limitSends(deps, 'other@example.com', '203.0.113.9'))).errorType).toBe(
      'too_many_requests',
    );
    expect(
      await db
        .selectFrom('rate_limits')
        .select('bucket')
        .where('bucket', '=', 'send:identifier:other@example.com')
        .execute(),
    ).toEqual([]);
    // An address past its limit takes no slot of the IP that asked.
    await limitSends(deps, 'victim@example.com', '198.51.100.1');
    await limitSends(deps, 'victim@example.com', '198.51.100.2');
    expect((await refusal(() => limitSends(deps, 'victim@example.com', '198.51.100.3'))).errorType).toBe(
      'too_many_requests',
    );
    expect(await count('send:ip:198.51.100.3')).toBe(0);
    expect(await count('send:identifier:victim@example.com')).toBe(5);
  });

  it('counts an email recipient by its mailbox: plus-tags, and Gmail dots and googlemail.com, share one bucket', async () => {
    const testProvider = await startProvider({
      rateLimits: {
        sendsPerIdentifier: { limit: 5, windowSeconds: 60 },
        sendsPerIp: { limit: 1000, windowSeconds: 60 },
      },
    });
    const deps = providerDeps(testProvider);
    for (let index = 1; index <= 5; index += 1) await limitSends(deps, `victim+${index}@gmail.com`, '198.51.100.1');
    expect((await refusal(() => limitSends(deps, 'victim+6@gmail.com', '198.51.100.2'))).errorType).toBe(
      'too_many_requests',
    );
    expect((await refusal(() => limitSends(deps, 'v.i.c.t.i.m@googlemail.com', '198.51.100.3'))).errorType).toBe(
      'too_many_requests',
    );
    // Any domain: a plus-tag is the same mailbox; dots elsewhere than Gmail are not dropped.
    for (let index = 0; index < 3; index += 1) await limitSends(deps, 'a+b@example.com', '198.51.100.1');
    await limitSends(deps, 'a@example.com', '198.51.100.1');
    await limitSends(deps, 'A+c@Example.com', '198.51.100.1');
    expect((await refusal(() => limitSends(deps, 'a@example.com', '198.51.100.1'))).errorType).toBe(
      'too_many_requests',
    );
    // Distinct mailboxes keep their own limits.
    await limitSends(deps, 'a.b@example.com', '198.51.100.1');
    await limitSends(deps, 'victim2@gmail.com', '198.51.100.1');
    await limitSends(deps, 'victim@example.com', '198.51.100.1');
  });

  it('keys a send by sendLimitKey, which leaves phone numbers and the address itself alone', () => {
    expect(sendLimitKey('Victim+tag@GMail.com')).toBe('victim@gmail.com');
    expect(sendLimitKey('v.i.c.t.i.m+x.y@googlemail.com')).toBe('victim@gmail.com');
    expect(sendLimitKey('first.last+news@example.com')).toBe('first.last@example.com');
    expect(sendLimitKey('+tag@example.com')).toBe('+tag@example.com');
    expect(sendLimitKey('+15555550100')).toBe('+15555550100');
    // One internationalised domain, however it is spelled: U-label, decomposed, full-width and A-label.
    const aLabel = 'victim@xn--exmple-cua.com';
    expect(sendLimitKey('victim@exämple.com')).toBe(aLabel);
    expect(sendLimitKey('victim@exa\u0308mple.com')).toBe(aLabel);
    expect(sendLimitKey('victim@exämple.ｃｏｍ')).toBe(aLabel);
    expect(sendLimitKey('Victim@XN--EXMPLE-CUA.com')).toBe(aLabel);
  });

  it('answers a rate-limited call with 429, Retry-After and CORS headers that expose it', async () => {
    const testProvider = await startProvider();
    const app = appWithRoutes(testProvider, (routes) => {
      routes.post('/sdk/v1/test/send', async (c) => {
        await consumeRateLimit(c.get('deps'), 'send', { limit: 1, windowSeconds: 60 });
        return ok(c, {});
      });
    });
    const send = () =>
      app.fetch(
        new Request('http://provider.test/sdk/v1/test/send', {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`).toString('base64')}`,
            origin: ORIGIN,
          },
        }),
        { remoteAddress: '127.0.0.1' },
      );
    expect((await send()).status).toBe(200);
    testProvider.clock.advance(20_000);
    const response = await send();
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('40');
    expect(response.headers.get('access-control-expose-headers')).toBe('retry-after, x-request-id');
    expect(await response.json()).toEqual({
      status_code: 429,
      request_id: response.headers.get('x-request-id'),
      error_type: 'too_many_requests',
      error_message: 'Too many requests have been made. Please wait and try again.',
      error_url: ERROR_URL_BASE,
    });
  });
});

describe('takeGuessSlot, releaseGuessSlot and clearGuessSlots', () => {
  it('gives a user maxFailuresPerUser slots within the window, then refuses, and only that user', async () => {
    const testProvider = await startProvider({ lockout: { maxFailuresPerUser: 3, windowMinutes: 60 } });
    const deps = providerDeps(testProvider);
    await takeGuessSlot(deps, 'user-a');
    await takeGuessSlot(deps, 'user-a');
    await takeGuessSlot(deps, 'user-a');
    const error = await refusal(() => takeGuessSlot(deps, 'user-a'));
    expect([error.errorType, error.status, error.message]).toEqual([
      'user_lock_limit_reached',
      429,
      'Too many failed authentication attempts. Please try again later.',
    ]);
    await takeGuessSlot(deps, 'user-b');
    // A right guess gives its slot back, so the next guess gets it.
    await releaseGuessSlot(deps.db, 'user-a');
    await takeGuessSlot(deps, 'user-a');
    expect((await refusal(() => takeGuessSlot(deps, 'user-a'))).errorType).toBe('user_lock_limit_reached');
    // A successful password reset clears them all.
    await clearGuessSlots(deps.db, 'user-a');
    for (let slot = 0; slot < 3; slot += 1) await takeGuessSlot(deps, 'user-a');
    expect((await refusal(() => takeGuessSlot(deps, 'user-a'))).errorType).toBe('user_lock_limit_reached');
  });

  it('opens a new window windowMinutes after the first slot of the last one', async () => {
    const testProvider = await startProvider({ lockout: { maxFailuresPerUser: 3, windowMinutes: 60 } });
    const deps = providerDeps(testProvider);
    const minute = 60_000;
    await takeGuessSlot(deps, 'user-a');
    testProvider.clock.advance(10 * minute);
    await takeGuessSlot(deps, 'user-a');
    testProvider.clock.advance(10 * minute);
    await takeGuessSlot(deps, 'user-a');
    // 59 minutes 59.999 seconds after the first slot the window still holds.
    testProvider.clock.advance(40 * minute - 1);
    expect((await refusal(() => takeGuessSlot(deps, 'user-a'))).errorType).toBe('user_lock_limit_reached');
    testProvider.clock.advance(1);
    for (let slot = 0; slot < 3; slot += 1) await takeGuessSlot(deps, 'user-a');
    expect((await refusal(() => takeGuessSlot(deps, 'user-a'))).errorType).toBe('user_lock_limit_reached');
  });

  it('keeps a recipient’s counter apart from every user’s, with the same cap, however the address is written', async () => {
    const testProvider = await startProvider({ lockout: { maxFailuresPerUser: 3, windowMinutes: 60 } });
    const deps = providerDeps(testProvider);
    await takeGuessSlot(deps, { identifier: 'ada@example.com' });
    await takeGuessSlot(deps, { identifier: 'Ada@Example.com' });
    // The mailbox, as the send cap counts it: a plus-tag reaches the same inbox.
    await takeGuessSlot(deps, { identifier: 'ada+attach@example.com' });
    const refused = await refusal(() => takeGuessSlot(deps, { identifier: 'ada+2@example.com' }));
    expect([refused.errorType, refused.status]).toEqual(['user_lock_limit_reached', 429]);
    await takeGuessSlot(deps, { identifier: '+14155550123' });
    // A user whose id is the address has a counter of its own.
    for (let slot = 0; slot < 3; slot += 1) await takeGuessSlot(deps, 'ada@example.com');
    await releaseGuessSlot(deps.db, { identifier: 'ada@example.com' });
    await takeGuessSlot(deps, { identifier: 'ada@example.com' });
    expect((await refusal(() => takeGuessSlot(deps, { identifier: 'ada@example.com' }))).errorType).toBe(
      'user_lock_limit_reached',
    );
  });

  it('hands out exactly maxFailuresPerUser slots to 50 parallel takers', async () => {
    const testProvider = await startProvider({ lockout: { maxFailuresPerUser: 10, windowMinutes: 60 } });
    const deps = providerDeps(testProvider);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => takeGuessSlot(deps, 'user-a')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    for (const result of results) {
      if (result.status === 'rejected')
        expect((result.reason as ProviderError).errorType).toBe('user_lock_limit_reached');
    }
  });
});

describe('clientIp', () => {
  async function ipApp(trustedProxies: string[]) {
    const testProvider = await startProvider({ trustedProxies });
    const app = appWithRoutes(testProvider, (routes) => {
      routes.get('/sdk/v1/test/ip', (c) => ok(c, { ip: clientIp(c) }));
    });
    return async (
      bindings: { remoteAddress?: string; incoming?: { socket?: { remoteAddress?: string } } },
      forwardedFor?: string,
    ) => {
      const headers: Record<string, string> = {
        authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`).toString('base64')}`,
      };
      if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor;
      const response = await app.fetch(new Request('http://provider.test/sdk/v1/test/ip', { headers }), bindings);
      return ((await response.json()) as { data: { ip: string } }).data.ip;
    };
  }

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const ip = await ipApp([]);
    expect(await ip({ remoteAddress: '10.0.0.1' }, '203.0.113.5')).toBe('10.0.0.1');
    expect(await ip({ incoming: { socket: { remoteAddress: '10.0.0.7' } } }, '203.0.113.5')).toBe('10.0.0.7');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const ip = await ipApp(['10.0.0.1']);
    expect(await ip({ remoteAddress: '10.0.0.9' }, '203.0.113.5')).toBe('10.0.0.9');
  });

  it('believes a trusted proxy, taking the right-most address that is not itself a trusted proxy', async () => {
    const ip = await ipApp(['10.0.0.1', '10.0.0.2']);
    expect(await ip({ remoteAddress: '10.0.0.1' }, '203.0.113.5')).toBe('203.0.113.5');
    // The left part is whatever the client claimed; only the hop the proxy added is believed.
    expect(await ip({ remoteAddress: '10.0.0.1' }, '1.1.1.1, 203.0.113.5')).toBe('203.0.113.5');
    expect(await ip({ remoteAddress: '10.0.0.1' }, '1.1.1.1, 203.0.113.5, 10.0.0.2')).toBe('203.0.113.5');
    expect(await ip({ remoteAddress: '10.0.0.1' })).toBe('10.0.0.1');
    expect(await ip({ remoteAddress: '10.0.0.1' }, '10.0.0.2')).toBe('10.0.0.1');
  });
});
