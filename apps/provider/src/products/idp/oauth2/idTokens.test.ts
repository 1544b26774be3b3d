// The ID-token signer: RS256 with a key kept in idp_signing_keys (one key however many parallel first calls), the
// JWKS that verifies it, and the id_token_hint check the logout flow relies on.
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { providerDeps } from '../../../../testing/fixtures';
import { START, startProvider } from '../../../../testing/harness';
import {
  accessTokenHash,
  IdTokenSigner,
  idTokenSigner,
  readIdTokenHint,
  signIdToken,
  verifyIdTokenHint,
} from './idTokens';

const CLIENT = 'latchkey-rp';

async function setup() {
  const testProvider = await startProvider();
  const deps = providerDeps(testProvider);
  return { testProvider, deps, db: testProvider.provider.database.db };
}

describe('ID tokens', () => {
  it('signs RS256 with one stored key (and a next key), created once by fifty parallel first calls of two signers', async () => {
    const { deps, db } = await setup();
    // Two signers on one database stand for two provider instances starting together.
    const signers = [
      new IdTokenSigner(db, { sealing: deps.keySealing }),
      new IdTokenSigner(db, { sealing: deps.keySealing }),
    ];
    const tokens = await Promise.all(
      Array.from({ length: 50 }, (_, index) => signers[index % 2]?.sign({ sub: `user-${index}` }) as Promise<string>),
    );
    // The next key first (SQLite and PostgreSQL order NULLs differently, so sorted here).
    const rows = (await db.selectFrom('idp_signing_keys').selectAll().execute()).sort(
      (a, b) => Number(a.activated_at !== null) - Number(b.activated_at !== null),
    );
    // The signing key, and the next key published ahead of the rotation that will activate it.
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => [row.alg, row.activated_at === null])).toEqual([
      ['RS256', true],
      ['RS256', false],
    ]);
    const kids = new Set(tokens.map((token) => decodeProtectedHeader(token).kid));
    expect([...kids]).toEqual([rows[1]?.kid]);
    // The published keys have no private parts.
    const jwks = await idTokenSigner(deps).jwks();
    expect(jwks.keys.map((key) => key.kid).sort()).toEqual(rows.map((row) => row.kid).sort());
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    }
    const { payload, protectedHeader } = await jwtVerify(tokens[7] as string, createLocalJWKSet(jwks), {
      algorithms: ['RS256'],
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.sub).toBe('user-7');
  });

  it('signs off the event loop: other callbacks run while a burst of RS256 signatures is computed', async () => {
    const { deps, db } = await setup();
    const signer = new IdTokenSigner(db, { sealing: deps.keySealing });
    await signer.sign({ sub: 'user-0' }); // creates the key
    let done = 0;
    const burst = Array.from({ length: 50 }, (_, index) =>
      signer.sign({ sub: `user-${index}` }).then((token) => {
        done += 1;
        return token;
      }),
    );
    // Signed in place, every signature (about a millisecond each) would be made in this turn's microtasks.
    const doneAtNextTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    expect(doneAtNextTurn).toBeLessThan(50);
    const tokens = await Promise.all(burst);
    const { payload } = await jwtVerify(tokens[49] as string, createLocalJWKSet(await idTokenSigner(deps).jwks()), {
      algorithms: ['RS256'],
    });
    expect(payload.sub).toBe('user-49');
  });

  it('puts iss, sub, aud, exp, iat, auth_time (seconds), nonce, at_hash and sid in an ID token', async () => {
    const { deps } = await setup();
    const token = await signIdToken(deps, {
      subject: 'user-test-1',
      clientId: CLIENT,
      nowMs: START + 999,
      lifetimeSeconds: 3600,
      authTimeMs: START - 60_000,
      nonce: 'n-0S6_WzA2Mj',
      accessToken: 'jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y',
      sessionId: 'session-test-1',
      claims: { email: 'ada@example.com', email_verified: true },
    });
    const jwks = await idTokenSigner(deps).jwks();
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      issuer: deps.config.publicUrl,
      audience: CLIENT,
      currentDate: new Date(START),
    });
    expect(payload).toEqual({
      iss: deps.config.publicUrl,
      sub: 'user-test-1',
      aud: CLIENT,
      iat: Math.floor(START / 1000),
      exp: Math.floor(START / 1000) + 3600,
      auth_time: Math.floor(START / 1000) - 60,
      nonce: 'n-0S6_WzA2Mj',
      at_hash: accessTokenHash('jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y'),
      sid: 'session-test-1',
      email: 'ada@example.com',
      email_verified: true,
    });
    // OpenID Connect Core §3.1.3.6 by hand: the left half of SHA-256, base64url.
    expect(accessTokenHash('jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('accepts as id_token_hint only our own ID token for that client, expired or not', async () => {
    const { deps } = await setup();
    const claims = {
      subject: 'user-test-1',
      clientId: CLIENT,
      nowMs: START,
      lifetimeSeconds: 60,
      authTimeMs: START,
      sessionId: 'session-test-1',
    };
    const token = await signIdToken(deps, claims);
    expect(await verifyIdTokenHint(deps, token, CLIENT)).toEqual({ sub: 'user-test-1', sid: 'session-test-1' });
    // Long expired (the hint's exp is in 2026; the real clock is whatever it is): still a hint.
    const old = await signIdToken(deps, { ...claims, nowMs: Date.parse('2001-01-01'), sessionId: null });
    expect(await verifyIdTokenHint(deps, old, CLIENT)).toEqual({ sub: 'user-test-1' });
    // Another client's, tampered, another issuer's, another key's, garbage.
    expect(await verifyIdTokenHint(deps, token, 'other-client')).toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'user-test-2' }),
    ).toString('base64url');
    expect(await verifyIdTokenHint(deps, `${header}.${forged}.${signature}`, CLIENT)).toBeNull();
    const otherIssuer = await signIdToken(
      { ...deps, config: { ...deps.config, publicUrl: 'https://evil.test' } },
      claims,
    );
    expect(await verifyIdTokenHint(deps, otherIssuer, CLIENT)).toBeNull();
    const { generateKeyPair } = await import('jose');
    const { privateKey } = await generateKeyPair('RS256');
    const stranger = await new SignJWT({ sub: 'user-test-1', aud: CLIENT, iss: deps.config.publicUrl })
      .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(token).kid as string })
      .sign(privateKey);
    expect(await verifyIdTokenHint(deps, stranger, CLIENT)).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(await verifyIdTokenHint(deps, none, CLIENT)).toBeNull();
    for (const junk of ['', 'a.b.c', '...', 'x'.repeat(10_000), `${header}.${payload}`]) {
      expect(await verifyIdTokenHint(deps, junk, CLIENT)).toBeNull();
    }
  });

  it('reads a hint without a client to check against: its sub and aud (a logout hint names the client by its aud)', async () => {
    const { deps } = await setup();
    const token = await signIdToken(deps, {
      subject: 'user-test-1',
      clientId: CLIENT,
      nowMs: Date.parse('2001-01-01'),
      lifetimeSeconds: 60,
      authTimeMs: START,
    });
    expect(await readIdTokenHint(deps, token)).toEqual({ sub: 'user-test-1', audiences: [CLIENT] });
    // aud as a list (OpenID Connect Core §2), and tokens without a usable aud or sub.
    const signer = idTokenSigner(deps);
    const iss = deps.config.publicUrl;
    const listed = await signer.sign({ iss, sub: 'user-test-1', aud: [CLIENT, 'api'], sid: 'session-test-1' });
    expect(await readIdTokenHint(deps, listed)).toEqual({
      sub: 'user-test-1',
      audiences: [CLIENT, 'api'],
      sid: 'session-test-1',
    });
    expect(await verifyIdTokenHint(deps, listed, 'api')).toEqual({ sub: 'user-test-1', sid: 'session-test-1' });
    for (const payload of [
      { iss, sub: 'user-test-1' },
      { iss, sub: 'user-test-1', aud: [7] },
      { iss, aud: CLIENT },
      { iss, sub: '', aud: CLIENT },
    ]) {
      expect(await readIdTokenHint(deps, await signer.sign(payload))).toBeNull();
    }
  });
});
