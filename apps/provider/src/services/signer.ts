import { type JWK, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  jwsSigningInput,
  type KeySealing,
  SESSION_JWT_LIFETIME_SECONDS,
  SESSION_KEY_RETENTION_MS,
  SESSION_KEYS,
  SigningKeyStore,
  signJws,
} from './signingKeys';

export { SESSION_JWT_LIFETIME_SECONDS };

/**
 * How many tokens of the current second the signer keeps to answer an identical request again (a session refreshed
 * by several tabs, or by one client in a loop, within one second): each is a few hundred bytes.
 */
const SIGNATURES_KEPT_PER_SECOND = 4_096;

/** The claim that carries the session object, as in the contract's JWTs. */
export const SESSION_CLAIM = 'https://stytch.com/session';

/**
 * Signs and verifies session JWTs (ES256) with keys kept in the database (services/signingKeys.ts), so every
 * instance signs with the key the last rotation activated and the JWKS lists every key whose tokens may be alive.
 * Signing goes straight to `node:crypto` (ECDSA P-256 over SHA-256, the signature as r‖s per RFC 7518 §3.4), on
 * libuv's thread pool (signingKeys.ts signJws): about a quarter of the CPU time of `jose` over WebCrypto.
 * Verification keeps `jose`.
 */
export class SessionSigner {
  readonly keys: SigningKeyStore;
  /** The second (`iat`) of the tokens in signedThisSecond. */
  private signedSecond = -1;
  /** This second's tokens by their signing input (header and payload): an identical one is answered again. */
  private readonly signedThisSecond = new Map<string, string>();

  /**
   * `now`: the provider's clock, which times the key cache (default: the system clock); `sealing`: how the keys' private
   * halves are sealed (services/signingKeys.ts `keySealing`, under the encryption key).
   */
  constructor(db: Kysely<Database>, options: { now?: () => number; sealing: KeySealing }) {
    this.keys = new SigningKeyStore(db, SESSION_KEYS, {
      now: options.now ?? Date.now,
      retentionMs: SESSION_KEY_RETENTION_MS,
      sealing: options.sealing,
    });
  }

  /**
   * Signs `claims` for `subject`, expiring at `expiresAtMs` or in five minutes, whichever is first. `keep: false`:
   * a token no request can ask for again this second (a session just started), neither looked up nor kept.
   */
  async sign(options: {
    keep?: boolean;
    subject: string;
    audience: string;
    issuer: string;
    nowMs: number;
    expiresAtMs: number;
    claims: Record<string, unknown>;
  }): Promise<string> {
    const key = await this.keys.signingKey();
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
    const signingInput = jwsSigningInput(key, payload);
    // The same header and claims within the same second (`iat` has whole seconds): the signature made for them
    // already, instead of a new ECDSA signature over the same bytes (a refresh's largest single CPU cost).
    const keep = options.keep !== false;
    if (keep) {
      if (issuedAt !== this.signedSecond) {
        this.signedSecond = issuedAt;
        this.signedThisSecond.clear();
      }
      const known = this.signedThisSecond.get(signingInput);
      if (known !== undefined) return known;
    }
    const token = await signJws(signingInput, key);
    if (keep && this.signedThisSecond.size < SIGNATURES_KEPT_PER_SECOND) this.signedThisSecond.set(signingInput, token);
    return token;
  }

  /** Verifies a JWT against the stored keys; returns its payload, or null if it is not valid now. */
  async verify(
    token: string,
    options: { audience: string; issuer: string; nowMs: number },
  ): Promise<Record<string, unknown> | null> {
    try {
      const { payload } = await jwtVerify(token, (header) => this.keys.publicKey(header.kid ?? ''), {
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

  /** The published keys as a JWK Set, for `/.well-known/jwks.json`. */
  async jwks(): Promise<{ keys: JWK[] }> {
    return this.keys.jwks();
  }
}
