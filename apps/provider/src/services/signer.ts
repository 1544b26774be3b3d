import { createPrivateKey, type JsonWebKey, type KeyObject, sign } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { randomToken } from './secrets';

/** Session JWTs live five minutes (security.md); never past the session's own expiry. */
export const SESSION_JWT_LIFETIME_SECONDS = 300;
/** The claim that carries the session object, as in the contract's JWTs. */
export const SESSION_CLAIM = 'https://stytch.com/session';

type KeyLike = Awaited<ReturnType<typeof importJWK>>;

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url');
}

/** The signing key, with its JWS protected header already encoded. */
interface SigningKey {
  kid: string;
  key: KeyObject;
  encodedHeader: string;
}

/**
 * Signs and verifies session JWTs (ES256) with keys kept in the database, so every instance signs with
 * the same key and the JWKS lists it. Imported keys are cached; the database stays the source of truth.
 * Signing goes straight to `node:crypto` (ECDSA P-256 over SHA-256, the signature as r‖s per RFC 7518):
 * about a quarter of the CPU time of `jose` over WebCrypto. Verification keeps `jose`.
 */
export class SessionSigner {
  private current: Promise<SigningKey> | null = null;
  private readonly publicKeys = new Map<string, Promise<KeyLike>>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The signing key: the oldest stored one, created on first use. Concurrent instances converge on it. */
  private signingKey(): Promise<SigningKey> {
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
      return {
        kid: row.kid,
        key: createPrivateKey({ key: JSON.parse(row.private_jwk) as JsonWebKey, format: 'jwk' }),
        encodedHeader: base64url(JSON.stringify({ alg: 'ES256', kid: row.kid, typ: 'JWT' })),
      };
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
    const { key, encodedHeader } = await this.signingKey();
    const issuedAt = Math.floor(options.nowMs / 1000);
    const expiresAt = Math.min(issuedAt + SESSION_JWT_LIFETIME_SECONDS, Math.floor(options.expiresAtMs / 1000));
    const payload = {
      ...options.claims,
      sub: options.subject,
      aud: options.audience,
      iss: options.issuer,
      iat: issuedAt,
      nbf: issuedAt,
      exp: expiresAt,
    };
    const signingInput = `${encodedHeader}.${base64url(JSON.stringify(payload))}`;
    const signature = sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' });
    return `${signingInput}.${signature.toString('base64url')}`;
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
