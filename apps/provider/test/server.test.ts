import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config';
import { createLogger } from '../src/ops/logging';
import { serveProvider, serverTimeouts } from '../src/server';
import { ORIGIN, PUBLIC_TOKEN, startProvider } from '../testing/harness';

const authorization = `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`).toString('base64')}`;

describe('serveProvider', () => {
  it('serves the provider over real HTTP with CORS, and frees the port on close', async () => {
    const { provider } = await startProvider();
    const server = await serveProvider(provider, { port: 0, host: '127.0.0.1' });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    const response = await fetch(`${server.url}/sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`, {
      headers: { authorization, origin: ORIGIN },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect((await response.json()).data.project_name).toBe('Latchkey Playground');
    await server.close();
    await expect(fetch(`${server.url}/sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`)).rejects.toThrow();
  });

  it('records the socket address as the session IP, ignoring X-Forwarded-For from an untrusted peer', async () => {
    const { provider } = await startProvider();
    const server = await serveProvider(provider, { port: 0, host: '127.0.0.1' });
    try {
      const created = await fetch(`${server.url}/sdk/v1/passwords`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ email: 'ada@example.com', password: 'correct horse battery staple' }),
      });
      expect(created.status).toBe(200);
      expect((await created.json()).data.session.attributes.ip_address).toBe('127.0.0.1');
    } finally {
      await server.close();
    }
  });

  it('once closing, tells keep-alive clients to close: an answer begun before or after close() carries Connection: close', async () => {
    const { provider } = await startProvider();
    const server = await serveProvider(provider, { port: 0, host: '127.0.0.1' });
    const socket = connect(server.port, '127.0.0.1');
    await once(socket, 'connect');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    const body = JSON.stringify({ password: 'correct horse battery staple' });
    const half = Math.floor(body.length / 2);
    const request = (path: string, text: string, length = Buffer.byteLength(text)) =>
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nAuthorization: ${authorization}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${text}`;
    // Before close(): a keep-alive answer.
    socket.write(request('/sdk/v1/passwords/strength_check', body));
    await expect.poll(() => data, { timeout: 10_000 }).toMatch(/\r\n\r\n\{.*\}$/s);
    expect(data).toMatch(/^HTTP\/1\.1 200/);
    expect(data).toMatch(/\r\nconnection: keep-alive\r\n/i);
    data = '';
    // A request whose handler has begun (it waits for the rest of its body) when close() is called.
    socket.write(request('/sdk/v1/passwords/strength_check', body.slice(0, half), Buffer.byteLength(body)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = server.close(10_000);
    socket.write(body.slice(half));
    await expect.poll(() => data, { timeout: 10_000 }).toMatch(/\r\n\r\n\{.*\}$/s);
    expect(data).toMatch(/^HTTP\/1\.1 200/);
    expect(data).toMatch(/\r\nconnection: close\r\n/i);
    expect(data).not.toMatch(/keep-alive/i);
    expect(await closing).toEqual({ drained: true });
    socket.destroy();
  });

  it('answers a client that drops its connection mid-body as its own doing: no error logged, no 5xx counted', async () => {
    const lines: string[] = [];
    const logger = createLogger(parseConfig({ logging: { format: 'json' } }), {
      destination: { write: (line: string) => lines.push(line) },
    });
    const { provider } = await startProvider({ metrics: { enabled: true } }, { logger });
    const server = await serveProvider(provider, { port: 0, host: '127.0.0.1' });
    try {
      for (const path of ['/sdk/v1/otps/email/login_or_create', '/sdk/v1/events', '/oauth2/token']) {
        const socket = connect(server.port, '127.0.0.1');
        await once(socket, 'connect');
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
        socket.destroy();
        await expect.poll(() => lines.some((line) => line.includes(path)), { timeout: 10_000 }).toBe(true);
      }
      const logged = lines.map((line) => JSON.parse(line));
      expect(logged.map((line) => line.status)).toEqual([400, 400, 400]);
      expect(logged.filter((line) => line.err !== undefined || line.level >= 50)).toEqual([]);
      const metrics = await (await provider.fetch(new Request('http://provider.test/metrics'))).text();
      expect(metrics).not.toMatch(/status="5\d\d"/);
    } finally {
      await server.close();
    }
  });

  it("bounds a whole request's arrival: 30 s past the headers' time-out, which outlasts the keep-alive time", () => {
    // Node's default requestTimeout (300 s) let a body sent a byte at a time hold its connection for five minutes.
    expect(serverTimeouts(65, 60_000)).toEqual({
      keepAliveTimeout: 65_000,
      headersTimeout: 66_000,
      requestTimeout: 96_000,
    });
    expect(serverTimeouts(5, 60_000)).toEqual({
      keepAliveTimeout: 5_000,
      headersTimeout: 60_000,
      requestTimeout: 90_000,
    });
  });
});
