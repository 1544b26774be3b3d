// verifySession across a rotation of the provider's session keys (`provider.keys.rotate()`, what `latchkey-provider
// keys rotate` does): JWTs signed before the rotation verify until they expire, JWTs signed after it carry the new key
// id and verify at once with the JWKS already fetched (the provider published that key before it signed anything).
import { startProvider, type TestProvider } from '@latchkey/provider/testing';
import { decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { createLatchkeyServer, isLatchkeyServerError } from '../src/index';
import { signInByPasscode } from './signIn';

const PROVIDER_URL = 'http://127.0.0.1:8787';

async function refresh(testProvider: TestProvider, sessionToken: string): Promise<string> {
  const response = await testProvider.post('/sessions/authenticate', {}, sessionToken);
  expect(response.status).toBe(200);
  return response.json.data.session_jwt;
}

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isLatchkeyServerError(error)) return error.code;
    throw error;
  }
  return 'verified';
}

describe('verifySession across a key rotation', () => {
  it('verifies old JWTs until they expire and new ones at once, without fetching the JWKS again', async () => {
    const testProvider = await startProvider();
    const { clock, provider } = testProvider;
    let jwksFetches = 0;
    const server = createLatchkeyServer({
      providerUrl: PROVIDER_URL,
      projectId: testProvider.projectId,
      now: () => clock.now(),
      fetch: async (input, init) => {
        const request = new Request(String(input), init);
        if (new URL(request.url).pathname === '/.well-known/jwks.json') jwksFetches += 1;
        return provider.fetch(request, { remoteAddress: '127.0.0.1' });
      },
    });
    const { sessionToken, sessionJwt: before } = await signInByPasscode(testProvider, 'ada@example.com', 600);
    expect((await server.verifySession(before)).sessionId).toBeTruthy();
    expect(jwksFetches).toBe(1);

    clock.advance(60_000);
    const [rotated] = await provider.keys.rotate();
    const after = await refresh(testProvider, sessionToken);
    expect(decodeProtectedHeader(after).kid).toBe(rotated?.active);
    expect(decodeProtectedHeader(before).kid).toBe(rotated?.superseded[0]);
    // Both verify, with the JWKS fetched before the rotation.
    expect(await errorCode(server.verifySession(after))).toBe('verified');
    expect(await errorCode(server.verifySession(before))).toBe('verified');
    expect(jwksFetches).toBe(1);
    // The old JWT expires on its own schedule (five minutes after it was issued); the new one later.
    clock.advance(4 * 60_000 + 6_000);
    expect(await errorCode(server.verifySession(before))).toBe('session_expired');
    expect(await errorCode(server.verifySession(after))).toBe('verified');
    expect(await errorCode(server.verifySession(await refresh(testProvider, sessionToken)))).toBe('verified');
  });
});
