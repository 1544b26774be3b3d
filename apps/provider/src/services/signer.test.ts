import { randomBytes } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../testing/harness';
import { SESSION_CLAIM, SESSION_JWT_LIFETIME_SECONDS, SessionSigner } from './signer';
import { keySealing } from './signingKeys';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const AUDIENCE = 'project-test-latchkey-playground';
const ISSUER = `latchkey/${AUDIENCE}`;
const CHECK = { audience: AUDIENCE, issuer: ISSUER, nowMs: NOW };
/** Every signer here stands for an instance of one deployment: one encryption key. */
const SEALING = keySealing(randomBytes(32));

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (drops.length > 0) await drops.pop()?.();
});

async function database() {
  const fresh = await freshDatabase();
  drops.push(fresh.drop);
  return fresh.database.db;
}

function signOptions(overrides: Partial<Parameters<SessionSigner['sign']>[0]> = {}) {
  return {
    subject: 'user-test-1',
    audience: AUDIENCE,
    issuer: ISSUER,
    nowMs: NOW,
    expiresAtMs: NOW + 60 * 60_000,
    claims: { [SESSION_CLAIM]: { id: 'session-test-1' }, roles: [] },
    ...overrides,
  };
}

describe('SessionSigner', () => {
  it('answers the same token for the same claims within one second, and signs anew for other claims or a later second', async () => {
    const signer = new SessionSigner(await database(), { sealing: SEALING });
    const first = await signer.sign(signOptions());
    // The same header and payload (iat and exp are whole seconds): the token signed already.
    expect(await signer.sign(signOptions({ nowMs: NOW + 999 }))).toBe(first);
    const other = await signer.sign(signOptions({ claims: { [SESSION_CLAIM]: { id: 'session-test-2' }, roles: [] } }));
    expect(other).not.toBe(first);
    expect((await signer.verify(other, CHECK))?.[SESSION_CLAIM]).toEqual({ id: 'session-test-2' });
    const later = await signer.sign(signOptions({ nowMs: NOW + 1_000 }));
    expect(later.split('.')[1]).not.toBe(first.split('.')[1]);
    expect(await signer.verify(later, { ...CHECK, nowMs: NOW + 1_000 })).not.toBeNull();
  });

  it('signs off the event loop: other callbacks run while a burst of signatures is computed', async () => {
    const signer = new SessionSigner(await database(), { sealing: SEALING });
    await signer.sign(signOptions()); // loads the key
    let done = 0;
    const burst = Array.from({ length: 400 }, (_, index) =>
      signer.sign(signOptions({ keep: false, subject: `user-test-${index}` })).then((token) => {
        done += 1;
        return token;
      }),
    );
    // Signed in place, every signature would be made in this turn's microtasks, before any callback of the loop.
    const doneAtNextTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    expect(doneAtNextTurn).toBeLessThan(400);
    const tokens = await Promise.all(burst);
    expect(new Set(tokens).size).toBe(400);
    expect((await signer.verify(tokens[399] as string, CHECK))?.sub).toBe('user-test-399');
  });

  it('neither looks up nor keeps a token signed with keep: false (a session just started)', async () => {
    const signer = new SessionSigner(await database(), { sealing: SEALING });
    const once = await signer.sign(signOptions({ keep: false }));
    expect(await signer.verify(once, CHECK)).not.toBeNull();
    // Not kept: the same claims in the same second are signed anew (ECDSA signatures differ), and then kept.
    const kept = await signer.sign(signOptions());
    expect(kept.split('.').slice(0, 2)).toEqual(once.split('.').slice(0, 2));
    expect(kept).not.toBe(once);
    expect(await signer.sign(signOptions())).toBe(kept);
    // Not looked up either: a kept token is not answered to keep: false.
    expect(await signer.sign(signOptions({ keep: false }))).not.toBe(kept);
  });

  it('signs an ES256 JWT that it verifies, with the claims, subject, audience and issuer given', async () => {
    const signer = new SessionSigner(await database(), { sealing: SEALING });
    const token = await signer.sign(signOptions());
    const iat = NOW / 1000;
    expect(await signer.verify(token, CHECK)).toEqual({
      [SESSION_CLAIM]: { id: 'session-test-1' },
      roles: [],
      sub: 'user-test-1',
      aud: AUDIENCE,
      iss: ISSUER,
      iat,
      nbf: iat,
      exp: iat + SESSION_JWT_LIFETIME_SECONDS,
    });
    expect(SESSION_JWT_LIFETIME_SECONDS).toBe(300);
  });

  it('never lets a JWT outlive its session', async () => {
    const signer = new SessionSigner(await database(), { sealing: SEALING });
    const token = await signer.sign(signOptions({ expiresAtMs: NOW + 90_500 }));
    const payload = await signer.verify(token, CHECK);
    expect(payload?.exp).toBe(NOW / 1000 + 90);
  });

  it('creates the signing key and the next key on first use, keeps the private halves sealed in the database and publishes only the public halves', async () => {
    const db = await database();
    const signer = new SessionSigner(db, { sealing: SEALING });
    const token = await signer.sign(signOptions());
    await signer.sign(signOptions());
    // The next key first (SQLite and PostgreSQL order NULLs differently, so sorted here).
    const rows = (await db.selectFrom('signing_keys').selectAll().execute()).sort(
      (a, b) => Number(a.activated_at !== null) - Number(b.activated_at !== null),
    );
    // The next key (never signed yet, activated_at null) is published ahead of the rotation that will activate it.
    expect(rows.map((row) => row.activated_at === null)).toEqual([true, false]);
    const { kid } = decodeProtectedHeader(token);
    expect(rows[1]?.kid).toBe(kid);
    // A copy of the database holds no private key: each half is sealed (no JWK, no `"d"`), bound to its own row.
    for (const row of rows) {
      expect(row.private_jwk).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
      expect(row.private_jwk).not.toContain('"d"');
    }
    const jwks = await signer.jwks();
    const publicKey = (keyId: string | undefined) => ({
      kty: 'EC',
      crv: 'P-256',
      x: expect.any(String),
      y: expect.any(String),
      kid: keyId,
      alg: 'ES256',
      use: 'sig',
    });
    expect(jwks.keys).toEqual(expect.arrayContaining([publicKey(kid), publicKey(rows[0]?.kid)]));
    expect(jwks.keys).toHaveLength(2);
    // Anyone holding the JWKS can verify the token.
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      audience: AUDIENCE,
      issuer: ISSUER,
      currentDate: new Date(NOW),
    });
    expect(payload.sub).toBe('user-test-1');
  });

  it('shares its key with every instance on the same database', async () => {
    const db = await database();
    const first = new SessionSigner(db, { sealing: SEALING });
    const token = await first.sign(signOptions());
    const second = new SessionSigner(db, { sealing: SEALING });
    const other = await second.sign(signOptions());
    expect(decodeProtectedHeader(other).kid).toBe(decodeProtectedHeader(token).kid);
    expect(await second.verify(token, CHECK)).not.toBeNull();
    expect(await first.verify(other, CHECK)).not.toBeNull();
  });

  it('lets instances that start at once verify each other’s tokens', async () => {
    const db = await database();
    const signers = Array.from({ length: 4 }, () => new SessionSigner(db, { sealing: SEALING }));
    const tokens = await Promise.all(signers.map((signer) => signer.sign(signOptions())));
    for (const signer of signers) {
      for (const token of tokens) expect(await signer.verify(token, CHECK)).not.toBeNull();
    }
    const jwks = await signers[0]?.jwks();
    for (const token of tokens) {
      expect(jwks?.keys.map((key) => key.kid)).toContain(decodeProtectedHeader(token).kid);
    }
  });

  it('refuses a JWT for another audience or issuer, expired, not yet valid, or tampered with', async () => {
    const signer = new SessionSigner(await database(), { sealing: SEALING });
    const token = await signer.sign(signOptions());
    expect(await signer.verify(token, { ...CHECK, audience: 'project-test-other' })).toBeNull();
    expect(await signer.verify(token, { ...CHECK, issuer: 'latchkey/project-test-other' })).toBeNull();
    expect(await signer.verify(token, { ...CHECK, nowMs: NOW + 300_000 })).toBeNull();
    expect(await signer.verify(token, { ...CHECK, nowMs: NOW + 299_000 })).not.toBeNull();
    expect(await signer.verify(token, { ...CHECK, nowMs: NOW - 1000 })).toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'user-test-admin' }),
    ).toString('base64url');
    expect(await signer.verify(`${header}.${forgedPayload}.${signature}`, CHECK)).toBeNull();
    expect(await signer.verify(`${header}.${payload}.`, CHECK)).toBeNull();
    expect(await signer.verify('not-a-jwt', CHECK)).toBeNull();
  });

  it('reads the keys again for an unknown key id only when it could be one, once for parallel requests', async () => {
    const db = await database();
    // Counts the reads of the key table this signer makes.
    let reads = 0;
    const counted = new Proxy(db, {
      get(target, property) {
        if (property !== 'selectFrom') {
          // Kysely's methods read private fields: they run on the database itself, not on this proxy.
          const value = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return (from: string) => {
          if (from === 'signing_keys') reads += 1;
          return target.selectFrom(from as 'signing_keys');
        };
      },
    });
    const signer = new SessionSigner(counted, { now: () => NOW, sealing: SEALING });
    const token = await signer.sign(signOptions());
    const [, payload, signature] = token.split('.') as [string, string, string];
    const withKid = (kid: string) =>
      `${Buffer.from(JSON.stringify({ alg: 'ES256', kid, typ: 'JWT' })).toString('base64url')}.${payload}.${signature}`;
    reads = 0;
    // Made-up ids of another form: refused without a read.
    const madeUp = await Promise.all(
      Array.from({ length: 50 }, (_, index) => signer.verify(withKid(`x-${index}`), CHECK)),
    );
    expect(madeUp.every((result) => result === null)).toBe(true);
    expect(reads).toBe(0);
    // Ids of the form this store makes, in parallel: refused after one shared read.
    const wellFormed = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        signer.verify(withKid(`jwk-unknown${String(index).padStart(6, '0')}`), CHECK),
      ),
    );
    expect(wellFormed.every((result) => result === null)).toBe(true);
    expect(reads).toBe(1);
    // The right key still verifies, from the cached view.
    expect(await signer.verify(token, CHECK)).not.toBeNull();
    expect(reads).toBe(1);
  });

  it('refuses alg none, HS256 keyed with the public key, and unknown key ids', async () => {
    const signer = new SessionSigner(await database(), { sealing: SEALING });
    const token = await signer.sign(signOptions());
    const { kid } = decodeProtectedHeader(token);
    const payload = token.split('.')[1];
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid })).toString('base64url')}.${payload}.`;
    expect(await signer.verify(none, CHECK)).toBeNull();
    const publicJwk = JSON.stringify((await signer.jwks()).keys.find((key) => key.kid === kid));
    const confused = await new SignJWT({ [SESSION_CLAIM]: { id: 'session-test-1' } })
      .setProtectedHeader({ alg: 'HS256', kid })
      .setSubject('user-test-1')
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .setIssuedAt(NOW / 1000)
      .setExpirationTime(NOW / 1000 + 300)
      .sign(new TextEncoder().encode(publicJwk));
    expect(await signer.verify(confused, CHECK)).toBeNull();
    const unknownKid = `${Buffer.from(JSON.stringify({ alg: 'ES256', kid: 'jwk-unknown' })).toString('base64url')}.${token
      .split('.')
      .slice(1)
      .join('.')}`;
    expect(await signer.verify(unknownKid, CHECK)).toBeNull();
  });
});
