// The signing keys' private halves at rest: sealed under the encryption key, so a copy of the database cannot sign a
// session JWT or an ID token. Rows from before sealing are sealed in place; a key sealed under another encryption key
// is refused with an operator's message (or replaced, when this process's key is random); `keys rotate` with a new
// encryption key recovers from a lost one. Runs on SQLite, and on PostgreSQL with LATCHKEY_TEST_POSTGRES_URL.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freshDatabase } from '../../testing/harness';
import { unseal } from './sealed';
import { SESSION_CLAIM, SessionSigner } from './signer';
import { keySealing, rotateKeys, SESSION_KEY_RETENTION_MS, SESSION_KEYS, UnreadableKeyError } from './signingKeys';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const AUDIENCE = 'project-test-latchkey-playground';
const ISSUER = `latchkey/${AUDIENCE}`;

/** A fresh database of the test's own, handed back once the test has ended. */
async function database() {
  const fresh = await freshDatabase();
  onTestFinished(() => fresh.drop());
  return fresh.database.db;
}

function sign(signer: SessionSigner) {
  return signer.sign({
    subject: 'user-test-1',
    audience: AUDIENCE,
    issuer: ISSUER,
    nowMs: NOW,
    expiresAtMs: NOW + 3_600_000,
    claims: { [SESSION_CLAIM]: { id: 'session-test-1' }, roles: [] },
  });
}

async function verifiedBy(signer: SessionSigner, token: string): Promise<string | undefined> {
  const { payload } = await jwtVerify(token, createLocalJWKSet(await signer.jwks()), {
    audience: AUDIENCE,
    issuer: ISSUER,
    currentDate: new Date(NOW),
  });
  return payload.sub;
}

describe('signing keys at rest', () => {
  it('seals each private half under the encryption key, bound to its row: a half copied onto another row does not open', async () => {
    const db = await database();
    const encryptionKey = randomBytes(32);
    const sealing = keySealing(encryptionKey);
    const signer = new SessionSigner(db, { now: () => NOW, sealing });
    const token = await sign(signer);
    const rows = await db.selectFrom('signing_keys').selectAll().execute();
    const active = rows.find((row) => row.kid === decodeProtectedHeader(token).kid);
    const other = rows.find((row) => row !== active);
    if (!active || !other) throw new Error('expected the active key and the next key');
    // Opened with the subkey and the row's own context, the half is the key's private JWK.
    const jwk = JSON.parse(unseal(sealing.key, `signing_keys:${active.kid}`, active.private_jwk));
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', kid: active.kid, d: expect.any(String) });
    // The encryption key itself, or another row's context, does not open it.
    expect(() => unseal(encryptionKey, `signing_keys:${active.kid}`, active.private_jwk)).toThrow();
    expect(() => unseal(sealing.key, `signing_keys:${other.kid}`, active.private_jwk)).toThrow();
    // A half moved onto the next key's row makes that key unusable, not a copy of the active one.
    await db
      .updateTable('signing_keys')
      .set({ private_jwk: active.private_jwk })
      .where('kid', '=', other.kid)
      .execute();
    await rotateKeys(db, SESSION_KEYS, NOW + 1000, SESSION_KEY_RETENTION_MS, sealing);
    const after = await db.selectFrom('signing_keys').selectAll().execute();
    const signing = after.filter((row) => row.activated_at !== null && row.superseded_at === null);
    expect(signing).toHaveLength(1);
    expect(signing[0]?.kid).not.toBe(other.kid);
  });

  it('seals in place a key stored in clear before sealing existed, and signs with a new key from then on', async () => {
    const db = await database();
    const sealing = keySealing(randomBytes(32));
    // What an older version stored: the private JWK in clear.
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const header = { kid: 'jwk-legacy', alg: 'ES256', use: 'sig' };
    const clear = JSON.stringify({ ...pair.privateKey.export({ format: 'jwk' }), ...header });
    await db
      .insertInto('signing_keys')
      .values({
        kid: 'jwk-legacy',
        private_jwk: clear,
        public_jwk: JSON.stringify({ ...pair.publicKey.export({ format: 'jwk' }), ...header }),
        created_at: NOW - 60_000,
        activated_at: NOW - 60_000,
        superseded_at: null,
        retired_at: null,
      })
      .execute();
    // A token the older version signed with it, before the upgrade.
    const earlier = await new SignJWT({ [SESSION_CLAIM]: { id: 'session-test-1' }, roles: [] })
      .setProtectedHeader({ alg: 'ES256', kid: 'jwk-legacy', typ: 'JWT' })
      .setSubject('user-test-1')
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(NOW / 1000) - 60)
      .setExpirationTime(Math.floor(NOW / 1000) + 240)
      .sign(pair.privateKey);
    const signer = new SessionSigner(db, { now: () => NOW, sealing });
    // Every copy of the database taken before holds that key in clear: new tokens are signed with a new one.
    const token = await sign(signer);
    const kid = decodeProtectedHeader(token).kid;
    expect(kid).not.toBe('jwk-legacy');
    expect(await verifiedBy(signer, token)).toBe('user-test-1');
    // The old key stays published (superseded) until its tokens have expired: the earlier token still verifies.
    expect(await verifiedBy(signer, earlier)).toBe('user-test-1');
    const rows = await db.selectFrom('signing_keys').selectAll().execute();
    expect(rows.find((row) => row.kid === 'jwk-legacy')?.superseded_at).toBe(NOW);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(row.private_jwk).toMatch(/^v1\./);
      expect(row.private_jwk).not.toContain('"d"');
    }
    // Another instance with the same encryption key signs with the same new key.
    const second = new SessionSigner(db, { now: () => NOW, sealing });
    expect(decodeProtectedHeader(await sign(second)).kid).toBe(kid);
  });

  it('refuses to sign with keys sealed under another encryption key, saying what to do, and changes nothing', async () => {
    const db = await database();
    const first = new SessionSigner(db, { now: () => NOW, sealing: keySealing(randomBytes(32)) });
    const token = await sign(first);
    const before = await db.selectFrom('signing_keys').selectAll().orderBy('kid').execute();
    const other = new SessionSigner(db, { now: () => NOW, sealing: keySealing(randomBytes(32)) });
    const refused = await sign(other).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnreadableKeyError);
    expect((refused as Error).message).toContain('LATCHKEY_ENCRYPTION_KEY');
    expect((refused as Error).message).toContain('latchkey-provider keys rotate');
    expect(await db.selectFrom('signing_keys').selectAll().orderBy('kid').execute()).toEqual(before);
    // Verifying needs no private half: the other instance still accepts the first one's tokens.
    expect(await verifiedBy(other, token)).toBe('user-test-1');
  });

  it('recovers from a lost encryption key by a rotation under the new one: new keys sign at once, old tokens still verify', async () => {
    const db = await database();
    const lost = new SessionSigner(db, { now: () => NOW, sealing: keySealing(randomBytes(32)) });
    const oldToken = await sign(lost);
    const sealing = keySealing(randomBytes(32));
    // The next key was sealed under the lost key too: the rotation makes a new key sign instead of promoting it.
    const rotated = await rotateKeys(db, SESSION_KEYS, NOW, SESSION_KEY_RETENTION_MS, sealing);
    const signer = new SessionSigner(db, { now: () => NOW, sealing });
    const token = await sign(signer);
    expect(decodeProtectedHeader(token).kid).toBe(rotated.active);
    expect(decodeProtectedHeader(token).kid).not.toBe(decodeProtectedHeader(oldToken).kid);
    expect(await verifiedBy(signer, oldToken)).toBe('user-test-1');
    expect(await verifiedBy(signer, token)).toBe('user-test-1');
  });

  it('replaces unreadable keys, once and with a warning, when this process’s encryption key is random (development)', async () => {
    const db = await database();
    const earlier = new SessionSigner(db, { now: () => NOW, sealing: keySealing(randomBytes(32)) });
    const oldToken = await sign(earlier);
    const replaced: string[] = [];
    const signer = new SessionSigner(db, {
      now: () => NOW,
      sealing: keySealing(randomBytes(32), {
        ephemeral: true,
        onReplaced: (kind, kid) => replaced.push(`${kind} ${kid}`),
      }),
    });
    const token = await sign(signer);
    expect(replaced).toEqual([`session ${decodeProtectedHeader(oldToken).kid}`]);
    expect(decodeProtectedHeader(token).kid).not.toBe(decodeProtectedHeader(oldToken).kid);
    // The replaced keys stay published until their tokens have expired.
    expect(await verifiedBy(signer, oldToken)).toBe('user-test-1');
    expect(await verifiedBy(signer, token)).toBe('user-test-1');
  });

  it('a rotation run with a shorter token lifetime than the instances’ (another configuration) retires no key', async () => {
    const db = await database();
    const sealing = keySealing(randomBytes(32));
    const signer = new SessionSigner(db, { now: () => NOW, sealing });
    await sign(signer);
    // Two rotations an hour apart by a process whose retention is a minute: the first superseded key is past that
    // minute, but an instance with a longer lifetime still publishes it. Only the instances' purge retires keys.
    await rotateKeys(db, SESSION_KEYS, NOW, 60_000, sealing);
    await rotateKeys(db, SESSION_KEYS, NOW + 3_600_000, 60_000, sealing);
    const rows = await db.selectFrom('signing_keys').select(['retired_at', 'private_jwk']).execute();
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.retired_at).toBeNull();
      expect(row.private_jwk).toMatch(/^v1\./);
    }
  });
});
