import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { randomToken } from './secrets';

/** Session JWTs live five minutes (security.md); never past the session's own expiry. */
export const SESSION_JWT_LIFETIME_SECONDS = 300;
/** The claim that carries the session object, as in the contract's JWTs. */
export const SESSION_CLAIM = 'https://stytch.com/session';

type KeyLike = Awaited<ReturnType<typeof importJWK>>;

/**
 * Signs and verifies session JWTs (ES256) with keys kept in the database, so every instance signs with
 * the same key and the JWKS lists it. Imported keys are cached; the database stays the source of truth.
 */
export class SessionSigner {
  private current: Promise<{ kid: string; key: KeyLike }> | null = null;
  private readonly publicKeys = new Map<string, Promise<KeyLike>>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The signing key: the oldest stored one, created on first use. Concurrent instances converge on it. */
  private signingKey(): Promise<{ kid: string; key: KeyLike }> {
    this.current ??= (async () => {
      let row = await this.db
        .selectFrom('signing_keys')
        .selectAll()
        .orderBy('created_at')
        .orderBy('kid')
        .executeTakeFirst();
      if (!row) {
        const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
        const kid = `jwk-${randomToken(12)}`;
        const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig' };
        const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
        await this.db
          .insertInto('signing_keys')
          .values({
            kid,
            private_jwk: JSON.stringify(privateJwk),
            public_jwk: JSON.stringify(publicJwk),
            created_at: Date.now(),
          })
          .execute();
        row = await this.db
          .selectFrom('signing_keys')
          .selectAll()
          .orderBy('created_at')
          .orderBy('kid')
          .executeTakeFirstOrThrow();
      }
      return { kid: row.kid, key: await importJWK(JSON.parse(row.private_jwk) as JWK, 'ES256') };
    })();
    this.current.catch(() => {
      this.current = null;
    });
    return this.current;
  }

  /** Signs `claims` for `subject`, expiring at `expiresAtMs` or in five minutes, whichever is first. */
  async sign(options: {
    subject: string;
    audience: string;
    issuer: string;
    nowMs: number;
    expiresAtMs: number;
    claims: Record<string, unknown>;
  }): Promise<string> {
    const { kid, key } = await this.signingKey();
    const issuedAt = Math.floor(options.nowMs / 1000);
    const expiresAt = Math.min(issuedAt + SESSION_JWT_LIFETIME_SECONDS, Math.floor(options.expiresAtMs / 1000));
    return new SignJWT(options.claims)
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setSubject(options.subject)
      .setAudience(options.audience)
      .setIssuer(options.issuer)
      .setIssuedAt(issuedAt)
      .setNotBefore(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(key);
  }

  /** Verifies a JWT against the stored keys; returns its payload, or null if it is not valid now. */
  async verify(
    token: string,
    options: { audience: string; issuer: string; nowMs: number },
  ): Promise<Record<string, unknown> | null> {
    try {
      const { payload } = await jwtVerify(token, (header) => this.publicKey(header.kid ?? ''), {
        algorithms: ['ES256'],
        audience: options.audience,
        issuer: options.issuer,
        currentDate: new Date(options.nowMs),
        // A token without an expiry is refused like an expired one.
        requiredClaims: ['exp'],
      });
      return payload as Record<string, unknown>;
    } catch {
      return null;
    }
  }

  private publicKey(kid: string): Promise<KeyLike> {
    let key = this.publicKeys.get(kid);
    if (!key) {
      key = (async () => {
        const row = await this.db
          .selectFrom('signing_keys')
          .select('public_jwk')
          .where('kid', '=', kid)
          .executeTakeFirst();
        if (!row) throw new Error('unknown key id');
        return importJWK(JSON.parse(row.public_jwk) as JWK, 'ES256');
      })();
      key.catch(() => this.publicKeys.delete(kid));
      this.publicKeys.set(kid, key);
    }
    return key;
  }

  /** The public keys as a JWK Set, for `/.well-known/jwks.json`. */
  async jwks(): Promise<{ keys: JWK[] }> {
    await this.signingKey();
    const rows = await this.db.selectFrom('signing_keys').select('public_jwk').orderBy('created_at').execute();
    return { keys: rows.map((row) => JSON.parse(row.public_jwk) as JWK) };
  }
}
