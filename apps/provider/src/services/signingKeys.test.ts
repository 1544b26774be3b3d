// Key rotation: `provider.keys.rotate()` (what `latchkey-provider keys rotate` runs) activates the pre-published next
// key of session JWTs and of ID tokens, every instance signs with it within KEY_CACHE_MS, superseded keys stay in both
// JWKS documents until every token they signed has expired, and then retire. Runs on SQLite, and on PostgreSQL with
// LATCHKEY_TEST_POSTGRES_URL (where the two instances below each have their own connection pool).
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, type JWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { deploymentKeys, openProvider, sdkPost, sharedDatabase } from '../../test/opsSupport';
import { ORIGIN, PUBLIC_TOKEN, START, startProvider, TestClock, type TestProvider } from '../../testing/harness';
import { IdTokenSigner, signIdToken } from '../products/idp/oauth2/idTokens';
import { ID_TOKEN_KEYS } from '../products/idp/signingKeys';
import type { Provider } from '../provider';
import { SESSION_CLAIM, SessionSigner } from './signer';
import {
  JWKS_CACHE_MS,
  KEY_CACHE_MS,
  KEY_RETIREMENT_MARGIN_MS,
  keyRetentionMs,
  keySealing,
  retireKeys,
  rotateKeys,
  SESSION_JWT_LIFETIME_SECONDS,
  SESSION_KEY_RETENTION_MS,
} from './signingKeys';

const ISSUER = 'latchkey/project-test-latchkey-playground';
const AUDIENCE = 'project-test-latchkey-playground';

/** Signs Ada in by email passcode on `provider`; answers her opaque session token. */
async function signInAda(provider: Provider): Promise<string> {
  const email = 'ada@example.com';
  const start = await sdkPost(provider, '/otps/email/login_or_create', { email });
  expect(start.status).toBe(200);
  const code = (await provider.inbox?.list(email))?.flatMap((message) => message.codes).at(-1);
  const done = await sdkPost(provider, '/otps/authenticate', {
    token: code,
    method_id: start.json.data.method_id,
    session_duration_minutes: 600,
  });
  expect(done.status).toBe(200);
  return done.json.data.session_token;
}

/** A fresh session JWT for the session (`sessions/authenticate`, the SDK's refresh). */
async function sessionJwt(provider: Provider, sessionToken: string): Promise<string> {
  const response = await sdkPost(provider, '/sessions/authenticate', {}, sessionToken);
  expect(response.status).toBe(200);
  return response.json.data.session_jwt;
}

async function jwks(provider: Provider, path: string): Promise<{ keys: JWK[] }> {
  return (await provider.fetch(new Request(`http://provider.test${path}`))).json();
}

const kids = (set: { keys: JWK[] }) => set.keys.map((key) => key.kid).sort();
const kidOf = (token: string) => decodeProtectedHeader(token).kid;

/** Does the provider accept the session JWT (its own check, as any session call: `GET /users/me`)? */
async function accepted(provider: Provider, jwt: string): Promise<boolean> {
  const response = await provider.fetch(
    new Request('http://provider.test/sdk/v1/users/me', {
      headers: {
        origin: ORIGIN,
        authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${jwt}`).toString('base64')}`,
      },
    }),
    { remoteAddress: '127.0.0.1' },
  );
  return response.status === 200;
}

describe('key rotation', () => {
  it('signs with the next key at once, keeps the old one published until its tokens expire, then retires it', async () => {
    const t: TestProvider = await startProvider();
    const { provider, clock } = t;
    const sessionToken = await signInAda(provider);
    const before = await sessionJwt(provider, sessionToken);
    const idTokenBefore = await signIdToken(
      { db: provider.database.db, config: provider.config },
      { subject: 'user-test-1', clientId: 'rp', nowMs: clock.now(), lifetimeSeconds: 3600, authTimeMs: clock.now() },
    );
    const initial = await provider.keys.list();
    expect(initial.map((key) => [key.kind, key.state])).toEqual([
      ['session', 'active'],
      ['session', 'next'],
      ['id_token', 'active'],
      ['id_token', 'next'],
    ]);
    const sessionNext = initial[1]?.kid;
    const idNext = initial[3]?.kid;
    // The next keys are published before they sign anything.
    expect(kids(await jwks(provider, '/.well-known/jwks.json'))).toEqual([initial[0]?.kid, sessionNext].sort());
    expect(kids(await jwks(provider, '/oauth2/jwks'))).toEqual([initial[2]?.kid, idNext].sort());

    clock.advance(1_000);
    const rotated = await provider.keys.rotate();
    expect(rotated).toEqual([
      {
        kind: 'session',
        active: sessionNext,
        superseded: [initial[0]?.kid],
        next: expect.any(String),
        publishedForMs: expect.any(Number),
      },
      {
        kind: 'id_token',
        active: idNext,
        superseded: [initial[2]?.kid],
        next: expect.any(String),
        publishedForMs: expect.any(Number),
      },
    ]);
    // The next keys were published at the first start, a second (of this clock) before they sign.
    for (const rotation of rotated) {
      expect(rotation.publishedForMs).toBeGreaterThanOrEqual(1_000);
      expect(rotation.publishedForMs).toBeLessThan(JWKS_CACHE_MS);
    }
    // New tokens use the new keys at once.
    const after = await sessionJwt(provider, sessionToken);
    expect(kidOf(before)).toBe(initial[0]?.kid);
    expect(kidOf(after)).toBe(sessionNext);
    const idTokenAfter = await signIdToken(
      { db: provider.database.db, config: provider.config },
      { subject: 'user-test-1', clientId: 'rp', nowMs: clock.now(), lifetimeSeconds: 3600, authTimeMs: clock.now() },
    );
    expect(kidOf(idTokenAfter)).toBe(idNext);
    expect(kidOf(idTokenBefore)).toBe(initial[2]?.kid);
    // Old, current and next keys are all published; the old tokens still verify, with the provider and with the JWKS.
    const sessionSet = await jwks(provider, '/.well-known/jwks.json');
    expect(kids(sessionSet)).toEqual([initial[0]?.kid, sessionNext, rotated[0]?.next].sort());
    expect(kids(await jwks(provider, '/oauth2/jwks'))).toEqual([initial[2]?.kid, idNext, rotated[1]?.next].sort());
    expect(await accepted(provider, before)).toBe(true);
    expect(await accepted(provider, after)).toBe(true);
    await jwtVerify(before, createLocalJWKSet(sessionSet), {
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(clock.now()),
    });
    expect((await provider.keys.list()).map((key) => [key.kind, key.state])).toEqual([
      ['session', 'published'],
      ['session', 'active'],
      ['session', 'next'],
      ['id_token', 'published'],
      ['id_token', 'active'],
      ['id_token', 'next'],
    ]);

    // The old session JWT expires after five minutes; its key stays published a little longer (cache bound, margin).
    expect(SESSION_KEY_RETENTION_MS).toBe(
      SESSION_JWT_LIFETIME_SECONDS * 1000 + KEY_CACHE_MS + KEY_RETIREMENT_MARGIN_MS,
    );
    clock.advance(SESSION_JWT_LIFETIME_SECONDS * 1000);
    expect(await accepted(provider, before)).toBe(false);
    clock.advance(SESSION_KEY_RETENTION_MS - SESSION_JWT_LIFETIME_SECONDS * 1000 - 1);
    expect(kids(await jwks(provider, '/.well-known/jwks.json'))).toContain(initial[0]?.kid);
    clock.advance(1 + KEY_CACHE_MS);
    expect(kids(await jwks(provider, '/.well-known/jwks.json'))).toEqual([sessionNext, rotated[0]?.next].sort());
    // The ID-token key lives as long as ID tokens do (idp.accessTokenMinutes), plus the same bound and margin.
    expect(kids(await jwks(provider, '/oauth2/jwks'))).toContain(initial[2]?.kid);
    const idRetention = keyRetentionMs(ID_TOKEN_KEYS, provider.config);
    expect(idRetention).toBe(
      provider.config.project.idp.accessTokenMinutes * 60_000 + KEY_CACHE_MS + KEY_RETIREMENT_MARGIN_MS,
    );
    clock.advance(idRetention);
    expect(kids(await jwks(provider, '/oauth2/jwks'))).toEqual([idNext, rotated[1]?.next].sort());
    // A purge marks them retired and erases their private halves; the rows stay for `keys list`.
    const purged = await provider.purge({ force: true });
    expect(purged).toMatchObject({ ran: true, counts: { signing_keys: 1, idp_signing_keys: 1 } });
    const { db } = provider.database;
    for (const table of ['signing_keys', 'idp_signing_keys'] as const) {
      const retired = await db
        .selectFrom(table)
        .select(['private_jwk', 'retired_at'])
        .where('retired_at', 'is not', null)
        .execute();
      expect(retired).toEqual([{ private_jwk: '', retired_at: clock.now() }]);
    }
    const listed = await provider.keys.list();
    expect(listed.map((key) => key.state)).toEqual(['retired', 'active', 'next', 'retired', 'active', 'next']);
    expect(listed[0]).toMatchObject({
      kid: initial[0]?.kid,
      alg: 'ES256',
      retiresAt: clock.now(),
      supersededAt: START + 1_000,
    });
  });

  it('moves a second instance on the same database to the new key within the cache bound', async () => {
    const db = await sharedDatabase();
    const keys = deploymentKeys();
    const clock = new TestClock();
    const one = await openProvider({ db, clock, ...keys, background: false });
    const two = await openProvider({ db, clock, ...keys, background: false });
    const sessionToken = await signInAda(one);
    const oldKid = kidOf(await sessionJwt(two, sessionToken));
    expect(kidOf(await sessionJwt(one, sessionToken))).toBe(oldKid);
    const idToken = (provider: Provider) =>
      signIdToken(
        { db: provider.database.db, config: provider.config },
        { subject: 'user-test-1', clientId: 'rp', nowMs: clock.now(), lifetimeSeconds: 60, authTimeMs: clock.now() },
      );
    const oldIdKid = kidOf(await idToken(two));
    const [session, id] = await one.keys.rotate();
    // The instance that rotated signs with the new key at once; the other one within KEY_CACHE_MS.
    expect(kidOf(await sessionJwt(one, sessionToken))).toBe(session?.active);
    clock.advance(KEY_CACHE_MS);
    const fromTwo = await sessionJwt(two, sessionToken);
    expect(kidOf(fromTwo)).toBe(session?.active);
    expect(kidOf(await idToken(two))).toBe(id?.active);
    expect(kidOf(await idToken(two))).not.toBe(oldIdKid);
    // Each instance accepts the other's tokens, old key and new.
    expect(await accepted(one, fromTwo)).toBe(true);
    expect(kids(await jwks(two, '/.well-known/jwks.json'))).toContain(oldKid);
    expect(kids(await jwks(two, '/.well-known/jwks.json'))).toEqual(kids(await jwks(one, '/.well-known/jwks.json')));
    expect(kids(await jwks(two, '/oauth2/jwks'))).toEqual(kids(await jwks(one, '/oauth2/jwks')));
  });

  it('refuses a token signed with a retired key, and an unknown key id', async () => {
    const t = await startProvider();
    const { provider, clock } = t;
    const sessionToken = await signInAda(provider);
    const refreshed = await sdkPost(provider, '/sessions/authenticate', {}, sessionToken);
    const { session_id: sessionId, user_id: userId } = refreshed.json.data.session;
    // A JWT of the current key that is still valid by its own times after the key retires: issued 100 s from now.
    const signer = new SessionSigner(provider.database.db, {
      now: () => clock.now(),
      sealing: keySealing(t.encryptionKey),
    });
    const late = await signer.sign({
      subject: userId,
      audience: AUDIENCE,
      issuer: ISSUER,
      nowMs: clock.now() + 100_000,
      expiresAtMs: clock.now() + 3_600_000,
      claims: { [SESSION_CLAIM]: { id: sessionId } },
    });
    await provider.keys.rotate();
    clock.advance(200_000);
    expect(await accepted(provider, late)).toBe(true);
    clock.advance(SESSION_KEY_RETENTION_MS - 200_000 + KEY_CACHE_MS);
    // Not expired (it lives until 400 s), but its key is retired.
    expect(clock.now() - START).toBeLessThan(400_000);
    expect(await accepted(provider, late)).toBe(false);
    const [, payload, signature] = late.split('.') as [string, string, string];
    const unknown = Buffer.from(JSON.stringify({ alg: 'ES256', kid: 'jwk-unknown', typ: 'JWT' })).toString('base64url');
    expect(await accepted(provider, `${unknown}.${payload}.${signature}`)).toBe(false);
  });
});

describe('a token lifetime lowered between instances', () => {
  // `idp.accessTokenMinutes` lowered from 1440 to 60 (a rolling deploy, or a restart of every instance), then
  // `keys rotate`: ID tokens the old key signed under 1440 stay valid a day, so the key must stay published (and
  // unretired) that long on every instance, whatever each one's own configuration says.
  it('keeps a key published until the longest-lived token any instance signed with it has expired', async () => {
    const t = await startProvider();
    const { clock } = t;
    const { db } = t.provider.database;
    const sealing = keySealing(t.encryptionKey);
    const now = () => clock.now();
    const shortRetention = keyRetentionMs(ID_TOKEN_KEYS, { project: { idp: { accessTokenMinutes: 60 } } });
    const before = new IdTokenSigner(db, { now, sealing, accessTokenMinutes: 1440 });
    const after = new IdTokenSigner(db, { now, sealing, accessTokenMinutes: 60 });
    const token = await before.sign({ sub: 'user-test-1', exp: Math.floor(clock.now() / 1000) + 1440 * 60 });
    const oldKid = kidOf(token);
    const longRetention = keyRetentionMs(ID_TOKEN_KEYS, { project: { idp: { accessTokenMinutes: 1440 } } });
    // The instance recorded its retention on the key's row before it signed; one with a shorter one lowers nothing.
    await after.sign({ sub: 'user-test-1' });
    const recorded = async (table: 'signing_keys' | 'idp_signing_keys', kid: string) =>
      (await db.selectFrom(table).select('retention_ms').where('kid', '=', kid).executeTakeFirstOrThrow()).retention_ms;
    expect(await recorded('idp_signing_keys', oldKid as string)).toBe(longRetention);
    // The session keys record theirs the same way.
    const sessions = new SessionSigner(db, { now, sealing });
    const jwt = await sessions.sign({
      subject: 'user-test-1',
      audience: AUDIENCE,
      issuer: ISSUER,
      nowMs: clock.now(),
      expiresAtMs: clock.now() + 3_600_000,
      claims: {},
    });
    expect(await recorded('signing_keys', kidOf(jwt) as string)).toBe(SESSION_KEY_RETENTION_MS);
    const rotatedAt = clock.now();
    await rotateKeys(db, ID_TOKEN_KEYS, rotatedAt, shortRetention, sealing);

    // The reviewer's check: 62 minutes on, the token has 1378 minutes left, and both instances still publish its key.
    clock.advance(62 * 60_000);
    const exp = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).exp as number;
    expect(exp * 1000 - clock.now()).toBe(1378 * 60_000);
    const published = await after.jwks();
    expect(kids(published)).toContain(oldKid);
    expect(kids(published)).toEqual(kids(await before.jwks()));
    await compactVerify(token, createLocalJWKSet(published));
    await expect(after.publicKey(oldKid as string)).resolves.toBeDefined();
    // Nor does a purge by the lower lifetime retire it.
    expect(await retireKeys(db, ID_TOKEN_KEYS, clock.now(), shortRetention)).toBe(0);

    // A full restart: every instance now runs with 60 minutes, and none has announced 1440 for a long time.
    const restarted = new IdTokenSigner(db, { now, sealing, accessTokenMinutes: 60 });
    clock.advance(12 * 60 * 60_000);
    expect(kids(await restarted.jwks())).toContain(oldKid);
    expect(await retireKeys(db, ID_TOKEN_KEYS, clock.now(), shortRetention)).toBe(0);
    clock.advance(rotatedAt + longRetention - 1 - clock.now());
    expect(kids(await restarted.jwks())).toContain(oldKid);
    expect(await retireKeys(db, ID_TOKEN_KEYS, clock.now(), shortRetention)).toBe(0);
    // Once the token has expired (and the cache bound and margin passed), the key leaves the JWKS and retires.
    clock.advance(1);
    expect(clock.now()).toBeGreaterThan(exp * 1000);
    const fresh = new IdTokenSigner(db, { now, sealing, accessTokenMinutes: 60 });
    expect(kids(await fresh.jwks())).not.toContain(oldKid);
    await expect(fresh.publicKey(oldKid as string)).rejects.toThrow('unknown key id');
    expect(await retireKeys(db, ID_TOKEN_KEYS, clock.now(), shortRetention)).toBe(1);
  });
});
