// The caller's address as the per-IP limits and `trustedProxies` see it: a request whose address is unknown (a
// socket reset before the handler read it, an in-process call without one) is still counted; an IPv4 peer seen
// through an IPv6 socket (`::ffff:a.b.c.d`) is its IPv4 address; an IPv6 caller is counted by its /64.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { inAddressList, normalizeAddress, parseAddressRange } from '../src/http/addresses';
import { clientIp, isTrustedProxy, ok, type ProviderBindings } from '../src/http/context';
import { serveProvider } from '../src/server';
import { ipRateLimitKey, limitPerIp, limitSends } from '../src/services/guards';
import { appWithRoutes, providerDeps } from '../testing/fixtures';
import { ORIGIN, PUBLIC_TOKEN, startProvider, type TestProvider } from '../testing/harness';
import { refusal } from './expectError';

const authorization = `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`).toString('base64')}`;

/** Three sends per IP an hour; as many per address as a test needs (each send goes to a new address). */
const THREE_SENDS_PER_IP = {
  rateLimits: {
    sendsPerIp: { limit: 3, windowSeconds: 3600 },
    sendsPerIdentifier: { limit: 1000, windowSeconds: 3600 },
  },
};

let sent = 0;
/** An email passcode to a fresh address, straight through `provider.fetch` with exactly `bindings` (and `headers`). */
async function send(
  t: TestProvider,
  bindings?: ProviderBindings,
  headers: Record<string, string> = {},
): Promise<{ status: number; errorType?: string }> {
  sent += 1;
  const request = new Request('http://provider.test/sdk/v1/otps/email/login_or_create', {
    method: 'POST',
    headers: { authorization, origin: ORIGIN, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: `reader-${sent}@example.com` }),
  });
  const response = await t.provider.fetch(request, bindings);
  const body = (await response.json()) as { error_type?: string };
  return { status: response.status, errorType: body.error_type };
}

async function bucketCount(t: TestProvider, bucket: string): Promise<number> {
  const row = await t.provider.database.db
    .selectFrom('rate_limits')
    .select('count')
    .where('bucket', '=', bucket)
    .executeTakeFirst();
  return row === undefined ? 0 : Number(row.count);
}

describe('a request whose address is unknown', () => {
  it('is counted by the per-IP send limit under one shared bucket: three sends, then too_many_requests', async () => {
    const t = await startProvider(THREE_SENDS_PER_IP);
    // No bindings at all, a socket that no longer reports its address, and an explicit undefined: all unknown.
    expect((await send(t)).status).toBe(200);
    expect((await send(t, { incoming: { socket: {} } })).status).toBe(200);
    expect((await send(t, { remoteAddress: undefined })).status).toBe(200);
    expect(await send(t)).toEqual({ status: 429, errorType: 'too_many_requests' });
    expect(await send(t, { incoming: { socket: {} } })).toEqual({ status: 429, errorType: 'too_many_requests' });
    // A refused send counts in neither limit (services/guards.ts limitSends): the bucket holds the three.
    expect(await bucketCount(t, 'send:ip:unknown')).toBe(3);
    // A caller with an address has a bucket of its own.
    expect((await send(t, { remoteAddress: '198.51.100.4' })).status).toBe(200);
  });

  it('is counted by limitSends and limitPerIp rather than skipped', async () => {
    const t = await startProvider({
      rateLimits: { ...THREE_SENDS_PER_IP.rateLimits, userSearchesPerIp: { limit: 2, windowSeconds: 3600 } },
    });
    const deps = providerDeps(t);
    for (let index = 0; index < 3; index += 1) await limitSends(deps, `unknown-${index}@example.com`, '');
    expect((await refusal(() => limitSends(deps, 'unknown-4@example.com', ''))).errorType).toBe('too_many_requests');
    await limitPerIp(deps, 'userSearchesPerIp', '');
    await limitPerIp(deps, 'userSearchesPerIp', '');
    expect((await refusal(() => limitPerIp(deps, 'userSearchesPerIp', ''))).errorType).toBe('too_many_requests');
    await limitPerIp(deps, 'userSearchesPerIp', '198.51.100.4');
  });

  it('over a real socket: a client that resets the connection right after its request is counted under its address', async () => {
    const t = await startProvider(THREE_SENDS_PER_IP);
    const server = await serveProvider(t.provider, { port: 0, host: '127.0.0.1' });
    // As many as the limit lets through: a refused send counts in neither limit, so only these leave a count.
    const RESETS = 3;
    try {
      for (let index = 0; index < RESETS; index += 1) {
        const body = JSON.stringify({ email: `reset-${index}@example.com` });
        const request =
          'POST /sdk/v1/otps/email/login_or_create HTTP/1.1\r\n' +
          `Host: 127.0.0.1:${server.port}\r\n` +
          `Authorization: ${authorization}\r\n` +
          `Origin: ${ORIGIN}\r\n` +
          'Content-Type: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          'Connection: close\r\n\r\n' +
          body;
        await new Promise<void>((resolve, reject) => {
          const socket = connect(server.port, '127.0.0.1', () => {
            // The whole request, then a TCP reset (RST) at once: no waiting for the answer.
            socket.write(request, () => {
              socket.resetAndDestroy();
              resolve();
            });
          });
          socket.on('error', reject);
        });
      }
      // The handlers run after the resets; wait until each has counted its send (or the deadline passes).
      const deadline = Date.now() + 10_000;
      while ((await bucketCount(t, 'send:ip:127.0.0.1')) < RESETS && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await bucketCount(t, 'send:ip:127.0.0.1')).toBe(RESETS);
      expect(await bucketCount(t, 'send:ip:unknown')).toBe(0);
      // And a well-behaved request from the same address finds the limit used up.
      const refused = await fetch(`${server.url}/sdk/v1/otps/email/login_or_create`, {
        method: 'POST',
        headers: { authorization, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'after-resets@example.com' }),
      });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error_type: string }).error_type).toBe('too_many_requests');
    } finally {
      await server.close();
    }
  });
});

describe('normalizeAddress and isTrustedProxy', () => {
  it('reads an IPv4-mapped IPv6 address as its IPv4 address, whatever its case', () => {
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('::FFFF:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeAddress('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeAddress(' 203.0.113.5 ')).toBe('203.0.113.5');
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8::1');
    // The hex form of a mapped address (how WHATWG URL and some proxies write it) is the same IPv4 address.
    expect(normalizeAddress('::ffff:a00:7')).toBe('10.0.0.7');
    expect(normalizeAddress('0:0:0:0:0:ffff:c000:201')).toBe('192.0.2.1');
    // Not IPv4-mapped: IPv6 in its canonical spelling (RFC 5952 §4), anything else as it is.
    expect(normalizeAddress('::1')).toBe('::1');
    expect(normalizeAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b::c000:201');
    expect(normalizeAddress('::ffff:999.0.0.1')).toBe('::ffff:999.0.0.1');
    expect(normalizeAddress('')).toBe('');
  });

  it('writes an IPv6 address one way: zero runs compressed, no leading zeros, lower case', () => {
    expect(normalizeAddress('2001:db8:0:0:0:0:0:5')).toBe('2001:db8::5');
    expect(normalizeAddress('2001:0DB8::0005')).toBe('2001:db8::5');
    expect(normalizeAddress('[2001:0db8:0000::5]:443')).toBe('2001:db8::5');
    // A zone, which the canonical form cannot hold, is only lower-cased.
    expect(normalizeAddress('FE80::1%eth0')).toBe('fe80::1%eth0');
  });

  it('drops a port: a.b.c.d:port, [v6]:port and [v6]', () => {
    expect(normalizeAddress('203.0.113.5:40001')).toBe('203.0.113.5');
    expect(normalizeAddress('[2001:DB8::1]:40001')).toBe('2001:db8::1');
    expect(normalizeAddress('[2001:db8::1]')).toBe('2001:db8::1');
    expect(normalizeAddress('[::ffff:203.0.113.5]:443')).toBe('203.0.113.5');
    expect(isTrustedProxy(['10.0.0.1'], '10.0.0.1:8080')).toBe(true);
  });

  it('matches a trusted proxy written either way, and never an unknown address', () => {
    expect(isTrustedProxy(['127.0.0.1'], '::ffff:127.0.0.1')).toBe(true);
    expect(isTrustedProxy(['::ffff:127.0.0.1'], '127.0.0.1')).toBe(true);
    expect(isTrustedProxy(['2001:DB8::1'], '2001:db8::1')).toBe(true);
    expect(isTrustedProxy(['127.0.0.1'], '::ffff:127.0.0.2')).toBe(false);
    expect(isTrustedProxy(['127.0.0.1'], '')).toBe(false);
    // Spelled otherwise than the peer (both were compared as written before).
    expect(isTrustedProxy(['2001:db8:0:0:0:0:0:5'], '2001:db8::5')).toBe(true);
    expect(isTrustedProxy(['2001:0db8::0005'], '2001:db8::5')).toBe(true);
    expect(isTrustedProxy(['::ffff:a00:7'], '10.0.0.7')).toBe(true);
    expect(isTrustedProxy(['10.0.0.7'], '::ffff:a00:7')).toBe(true);
  });

  it('matches CIDR ranges, IPv4 and IPv6', () => {
    const proxies = ['10.0.0.0/8', '2001:db8:1::/48', '192.0.2.1'];
    expect(isTrustedProxy(proxies, '10.200.3.4')).toBe(true);
    expect(isTrustedProxy(proxies, '::ffff:10.0.0.7')).toBe(true);
    expect(isTrustedProxy(proxies, '11.0.0.1')).toBe(false);
    expect(isTrustedProxy(proxies, '2001:db8:1:ffff::9')).toBe(true);
    expect(isTrustedProxy(proxies, '2001:db8:2::9')).toBe(false);
    expect(isTrustedProxy(proxies, '192.0.2.1')).toBe(true);
    expect(isTrustedProxy(proxies, '192.0.2.2')).toBe(false);
    expect(inAddressList(proxies, '')).toBe(false);
  });

  it('reads list entries as an address or a CIDR range, and nothing else', () => {
    expect(parseAddressRange('10.0.0.0/8')).toEqual({ address: '10.0.0.0', family: 'ipv4', prefix: 8 });
    expect(parseAddressRange('2001:0DB8::/32')).toEqual({ address: '2001:db8::', family: 'ipv6', prefix: 32 });
    expect(parseAddressRange('::ffff:10.0.0.7')).toEqual({ address: '10.0.0.7', family: 'ipv4' });
    for (const entry of [
      '10.0.0.0/33',
      '2001:db8::/129',
      '10.0.0.0/8/8',
      '10.0.0.0/',
      'localhost',
      '10.0.0.1:80',
      '',
    ]) {
      expect(parseAddressRange(entry), entry).toBeNull();
    }
  });
});

describe('clientIp with IPv4-mapped addresses', () => {
  async function ipApp(trustedProxies: string[]) {
    const testProvider = await startProvider({ trustedProxies });
    const app = appWithRoutes(testProvider, (routes) => {
      routes.get('/sdk/v1/test/ip', (c) => ok(c, { ip: clientIp(c) }));
    });
    return async (bindings: ProviderBindings, forwardedFor?: string) => {
      const headers: Record<string, string> = { authorization };
      if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor;
      const response = await app.fetch(new Request('http://provider.test/sdk/v1/test/ip', { headers }), bindings);
      return ((await response.json()) as { data: { ip: string } }).data.ip;
    };
  }

  it('believes a trusted proxy 127.0.0.1 that a server on `::` sees as ::ffff:127.0.0.1', async () => {
    const ip = await ipApp(['127.0.0.1']);
    expect(await ip({ remoteAddress: '::ffff:127.0.0.1' }, '203.0.113.5')).toBe('203.0.113.5');
    expect(await ip({ incoming: { socket: { remoteAddress: '::ffff:127.0.0.1' } } }, '203.0.113.5')).toBe(
      '203.0.113.5',
    );
    // Without a forwarded address, the proxy itself, as its IPv4 address.
    expect(await ip({ remoteAddress: '::ffff:127.0.0.1' })).toBe('127.0.0.1');
    // An untrusted peer in IPv4-mapped form is still untrusted, and reported as IPv4.
    expect(await ip({ remoteAddress: '::ffff:10.0.0.9' }, '203.0.113.5')).toBe('10.0.0.9');
  });

  it('normalises the X-Forwarded-For entries: a mapped trusted hop is skipped, a mapped client is IPv4', async () => {
    const ip = await ipApp(['10.0.0.1', '::ffff:10.0.0.2']);
    expect(await ip({ remoteAddress: '10.0.0.1' }, '203.0.113.5, ::FFFF:10.0.0.2')).toBe('203.0.113.5');
    expect(await ip({ remoteAddress: '10.0.0.1' }, '::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(await ip({ remoteAddress: '::ffff:10.0.0.2' }, '198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
  });

  it('gives a client behind a proxy seen as ::ffff:127.0.0.1 its own send bucket, not the proxy’s', async () => {
    const t = await startProvider({ ...THREE_SENDS_PER_IP, trustedProxies: ['127.0.0.1'] });
    let proxied = 0;
    const viaProxy = (client: string) => {
      proxied += 1;
      return t.call('POST', '/otps/email/login_or_create', {
        body: { email: `proxied-${proxied}@example.com` },
        remoteAddress: '::ffff:127.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
    };
    for (let index = 0; index < 3; index += 1) expect((await viaProxy('203.0.113.5')).status).toBe(200);
    expect((await viaProxy('203.0.113.5')).status).toBe(429);
    // Another client behind the same proxy is not refused with it.
    expect((await viaProxy('198.51.100.7')).status).toBe(200);
  });

  it('over a real server listening on `::`, an IPv4 client behind trusted proxy 127.0.0.1 is the forwarded address', async (context) => {
    const { provider } = await startProvider({ trustedProxies: ['127.0.0.1'] });
    let server: Awaited<ReturnType<typeof serveProvider>>;
    try {
      server = await serveProvider(provider, { port: 0, host: '::' });
    } catch {
      context.skip('this machine cannot listen on ::');
      return;
    }
    try {
      const created = await fetch(`http://127.0.0.1:${server.port}/sdk/v1/passwords`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ email: 'mapped@example.com', password: 'correct horse battery staple' }),
      });
      expect(created.status).toBe(200);
      expect(((await created.json()) as any).data.session.attributes.ip_address).toBe('203.0.113.9');
    } finally {
      await server.close();
    }
  });
});

describe('X-Forwarded-For entries with a port, and entries that are not addresses', () => {
  async function viaProxy(t: TestProvider, forwardedFor: string) {
    return send(t, { remoteAddress: '10.0.0.1' }, { 'x-forwarded-for': forwardedFor });
  }

  it('counts a client under its address whatever its source port: the 4th send is refused', async () => {
    const t = await startProvider({ ...THREE_SENDS_PER_IP, trustedProxies: ['10.0.0.1'] });
    for (let port = 40000; port < 40003; port += 1) {
      expect((await viaProxy(t, `203.0.113.5:${port}`)).status).toBe(200);
    }
    expect(await viaProxy(t, '203.0.113.5:40003')).toEqual({ status: 429, errorType: 'too_many_requests' });
    expect((await viaProxy(t, '203.0.113.5')).status).toBe(429);
    // The three sends (a refused one counts in neither limit).
    expect(await bucketCount(t, 'send:ip:203.0.113.5')).toBe(3);
    // IPv6 in brackets, with and without a port: one /64 bucket.
    expect((await viaProxy(t, '[2001:db8::1]:40000')).status).toBe(200);
    expect((await viaProxy(t, '[2001:db8::1]:40001')).status).toBe(200);
    expect((await viaProxy(t, '[2001:DB8::1]')).status).toBe(200);
    expect((await viaProxy(t, '[2001:db8::2]:40002')).status).toBe(429);
  });

  it('counts an entry that is still not an IP address under the shared unknown bucket, not a key of its own', async () => {
    const t = await startProvider({ ...THREE_SENDS_PER_IP, trustedProxies: ['10.0.0.1'] });
    expect((await viaProxy(t, 'garbage-1')).status).toBe(200);
    expect((await viaProxy(t, '203.0.113.5, [nonsense]:1')).status).toBe(200);
    expect((await viaProxy(t, '999.1.1.1:80')).status).toBe(200);
    expect(await viaProxy(t, 'garbage-4')).toEqual({ status: 429, errorType: 'too_many_requests' });
    expect(await bucketCount(t, 'send:ip:unknown')).toBe(3);
    expect(await bucketCount(t, 'send:ip:203.0.113.5')).toBe(0);
  });
});

describe('ipRateLimitKey', () => {
  it('keys an IPv6 address by its /64, an IPv4 address (in either form) by itself, and no address as unknown', () => {
    expect(ipRateLimitKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(ipRateLimitKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(ipRateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipRateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(ipRateLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipRateLimitKey('64:ff9b:1:2::192.0.2.1')).toBe('64:ff9b:1:2::/64');
    expect(ipRateLimitKey('2001:db8:1:2:3:4:5::')).toBe('2001:db8:1:2::/64');
    expect(ipRateLimitKey('203.0.113.5')).toBe('203.0.113.5');
    expect(ipRateLimitKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(ipRateLimitKey('')).toBe('unknown');
  });

  it('makes two IPv6 addresses of one /64 share a send bucket, and leaves the next /64 its own', async () => {
    const t = await startProvider(THREE_SENDS_PER_IP);
    expect((await send(t, { remoteAddress: '2001:db8:1:2::a' })).status).toBe(200);
    expect((await send(t, { remoteAddress: '2001:db8:1:2:ffff::1' })).status).toBe(200);
    expect((await send(t, { remoteAddress: '2001:0DB8:1:2::3' })).status).toBe(200);
    expect(await send(t, { remoteAddress: '2001:db8:1:2:1:2:3:4' })).toEqual({
      status: 429,
      errorType: 'too_many_requests',
    });
    expect((await send(t, { remoteAddress: '2001:db8:1:3::1' })).status).toBe(200);
  });

  it('makes an IPv4 client and the same client seen as ::ffff:a.b.c.d share a per-IP bucket', async () => {
    const t = await startProvider(THREE_SENDS_PER_IP);
    expect((await send(t, { remoteAddress: '198.51.100.4' })).status).toBe(200);
    expect((await send(t, { remoteAddress: '::ffff:198.51.100.4' })).status).toBe(200);
    expect((await send(t, { incoming: { socket: { remoteAddress: '::FFFF:198.51.100.4' } } })).status).toBe(200);
    expect((await send(t, { remoteAddress: '198.51.100.4' })).status).toBe(429);
  });
});
