import { describe, expect, it } from 'vitest';
import { serveProvider } from '../src/server';
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
});
