// ID tokens (OpenID Connect Core §2) signed RS256 (OpenID Connect Core §15.1: every OP must support RS256, and it is
// what relying parties such as openid-client expect when a client registered no `id_token_signed_response_alg`).
// The keys live in `idp_signing_keys` and rotate like the session keys (services/signingKeys.ts): every instance signs
// with the key the last rotation activated, and the JWKS (`GET /oauth2/jwks`) lists every key whose ID tokens may be
// alive, plus the next one.
import { createHash } from 'node:crypto';
import { compactVerify, type importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { ProviderDeps } from '../../../http/context';
import {
  jwsSigningInput,
  type KeySealing,
  keyRetentionMs,
  type SigningKey,
  SigningKeyStore,
  signJws,
} from '../../../services/signingKeys';
import { idpIssuer } from '../clients';
import { ID_TOKEN_KEYS } from '../signingKeys';

/** The one ID-token signing algorithm (advertised as `id_token_signing_alg_values_supported`). */
export const ID_TOKEN_ALG = 'RS256';

/** The longest `id_token_hint` looked at; ours are well under 2 kB. */
const MAX_ID_TOKEN_LENGTH = 8192;

type KeyLike = Awaited<ReturnType<typeof importJWK>>;

/**
 * Signs and verifies the identity provider's ID tokens with the RSA keys kept in `idp_signing_keys`. One instance per
 * database (see `idTokenSigner`); the database stays the source of truth, read again at most every few seconds.
 */
export class IdTokenSigner {
  readonly keys: SigningKeyStore;

  /**
   * `now`: the provider's clock (times the key cache); `accessTokenMinutes`: the ID tokens' lifetime, which sets how
   * long a superseded key stays published: recorded on each key this signer signs with, so every instance keeps the
   * key as long as the longest lifetime of those that signed with it (services/signingKeys.ts).
   */
  constructor(db: Kysely<Database>, options: { now?: () => number; accessTokenMinutes?: number; sealing: KeySealing }) {
    this.keys = new SigningKeyStore(db, ID_TOKEN_KEYS, {
      now: options.now ?? Date.now,
      sealing: options.sealing,
      retentionMs: keyRetentionMs(ID_TOKEN_KEYS, {
        project: { idp: { accessTokenMinutes: options.accessTokenMinutes ?? 1440 } },
      }),
    });
  }

  /**
   * The signing key: the one the last rotation activated, created (with the next key) on first use. Parallel first
   * calls of several instances on one database converge on one key (services/signingKeys.ts `ensureKeys`).
   */
  signingKey(): Promise<SigningKey> {
    return this.keys.signingKey();
  }

  /**
   * Signs `payload` as a compact JWS (RS256: RSASSA-PKCS1-v1_5 over SHA-256, RFC 7518 §3.3), on libuv's thread pool
   * (about a millisecond of CPU per signature, off the event loop).
   */
  async sign(payload: Record<string, unknown>): Promise<string> {
    const key = await this.signingKey();
    return signJws(jwsSigningInput(key, payload), key);
  }

  /** The public key with this key id, if it is still published (cached once found). */
  publicKey(kid: string): Promise<KeyLike> {
    return this.keys.publicKey(kid);
  }

  /** The published keys as a JWK Set (RFC 7517 §5), the signing key created first if there is none yet. */
  jwks(): Promise<{ keys: JWK[] }> {
    return this.keys.jwks();
  }
}

// One signer per database: ProviderDeps is created once per provider and holds no state of its own.
const signers = new WeakMap<Kysely<Database>, IdTokenSigner>();

/**
 * The ID-token signer of this provider's database. createProvider makes it first, with the provider's clock and
 * configuration; a caller without them gets that one.
 */
export function idTokenSigner(
  deps: Pick<ProviderDeps, 'db'> & Partial<Pick<ProviderDeps, 'clock' | 'config' | 'keySealing'>>,
): IdTokenSigner {
  let signer = signers.get(deps.db);
  if (!signer) {
    const { clock, config, keySealing } = deps;
    // The keys' private halves open only under the provider's encryption key: the first signer needs its sealing.
    if (!keySealing)
      throw new Error('The ID-token signer of a database is made by createProvider (or with keySealing).');
    signer = new IdTokenSigner(deps.db, {
      sealing: keySealing,
      ...(clock ? { now: () => clock.now() } : {}),
      ...(config ? { accessTokenMinutes: config.project.idp.accessTokenMinutes } : {}),
    });
    signers.set(deps.db, signer);
  }
  return signer;
}

/**
 * `at_hash` (OpenID Connect Core §3.1.3.6): the base64url of the left-most half of the SHA-256 of the access token's
 * ASCII octets (SHA-256 because the ID token's `alg` is RS256).
 */
export function accessTokenHash(accessToken: string): string {
  return createHash('sha256').update(accessToken, 'ascii').digest().subarray(0, 16).toString('base64url');
}

/** The claims of an ID token the token endpoint issues (OpenID Connect Core §2, §3.1.3.6, §5.1). */
export interface IdTokenClaims {
  /**
   * `sub`: the user's subject (../subjects.ts: the user id unless a pre-hijacking reset replaced it), a public subject
   * identifier (OpenID Connect Core §8).
   */
  subject: string;
  /** `aud`: the client id (OpenID Connect Core §2). */
  clientId: string;
  /** Now, epoch ms (`iat`). */
  nowMs: number;
  /** How long the ID token is valid, in seconds (`exp` = `iat` + this). */
  lifetimeSeconds: number;
  /** When the user authenticated, epoch ms (`auth_time` in seconds, OpenID Connect Core §2). */
  authTimeMs: number;
  /** The authorization request's `nonce`, passed through unchanged (OpenID Connect Core §3.1.2.1); none on refresh. */
  nonce?: string | null;
  /** The access token issued with it (`at_hash`, OpenID Connect Core §3.1.3.6). */
  accessToken?: string;
  /** The Latchkey session that approved the authorization (`sid`, OpenID Connect Front-Channel Logout 1.0 §3). */
  sessionId?: string | null;
  /** The claims the granted scopes release (OpenID Connect Core §5.4). */
  claims?: Record<string, unknown>;
}

/** Signs an ID token for the identity provider's issuer (`iss` = the provider's public URL). */
export async function signIdToken(
  deps: Pick<ProviderDeps, 'db' | 'config'> & Partial<Pick<ProviderDeps, 'keySealing'>>,
  claims: IdTokenClaims,
): Promise<string> {
  const issuedAt = Math.floor(claims.nowMs / 1000);
  return idTokenSigner(deps).sign({
    ...claims.claims,
    iss: idpIssuer(deps.config),
    sub: claims.subject,
    aud: claims.clientId,
    exp: issuedAt + claims.lifetimeSeconds,
    iat: issuedAt,
    auth_time: Math.floor(claims.authTimeMs / 1000),
    ...(claims.nonce ? { nonce: claims.nonce } : {}),
    ...(claims.accessToken === undefined ? {} : { at_hash: accessTokenHash(claims.accessToken) }),
    ...(claims.sessionId ? { sid: claims.sessionId } : {}),
  });
}

/** What an `id_token_hint` this provider issued says: its subject, audiences and session. */
export interface IdTokenHint {
  sub: string;
  /** `aud` as a list (OpenID Connect Core §2: a string or an array of strings). */
  audiences: string[];
  sid?: string;
}

/**
 * Reads an `id_token_hint` (OpenID Connect Core §3.1.2.1, RP-Initiated Logout 1.0 §2): an ID token this provider
 * signed (RS256 with a key of `idp_signing_keys`; the OP must validate that it was the issuer) whose `iss` is ours.
 * Its expiry is ignored: both sections ask the OP to accept an ID token whose `exp` has passed as a hint. Answers its
 * `sub`, `aud` and `sid`, or null when it is not such a token.
 */
export async function readIdTokenHint(
  deps: Pick<ProviderDeps, 'db' | 'config'> & Partial<Pick<ProviderDeps, 'keySealing'>>,
  token: string,
): Promise<IdTokenHint | null> {
  if (token.length > MAX_ID_TOKEN_LENGTH) return null;
  const signer = idTokenSigner(deps);
  let claims: unknown;
  try {
    const { payload } = await compactVerify(token, (header) => signer.publicKey(header.kid ?? ''), {
      algorithms: [ID_TOKEN_ALG],
    });
    claims = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return null;
  const { iss, aud, sub, sid } = claims as Record<string, unknown>;
  if (iss !== idpIssuer(deps.config)) return null;
  const audiences = (Array.isArray(aud) ? aud : [aud]).filter((value): value is string => typeof value === 'string');
  if (audiences.length === 0) return null;
  if (typeof sub !== 'string' || sub === '') return null;
  return typeof sid === 'string' ? { sub, audiences, sid } : { sub, audiences };
}

/**
 * Checks an `id_token_hint` sent with `clientId` (OpenID Connect Core §3.1.2.1, RP-Initiated Logout 1.0 §2): one
 * `readIdTokenHint` accepts whose `aud` names `clientId`. Answers its `sub` (and `sid` when it has one), or null.
 */
export async function verifyIdTokenHint(
  deps: Pick<ProviderDeps, 'db' | 'config'> & Partial<Pick<ProviderDeps, 'keySealing'>>,
  token: string,
  clientId: string,
): Promise<{ sub: string; sid?: string } | null> {
  const hint = await readIdTokenHint(deps, token);
  if (!hint?.audiences.includes(clientId)) return null;
  return hint.sid === undefined ? { sub: hint.sub } : { sub: hint.sub, sid: hint.sid };
}
