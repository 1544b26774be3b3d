// Verifying the JWTs of a trusted issuer (`project.trustedAuthTokens`) for `sessions/attest`, with jose.
import { createPublicKey } from 'node:crypto';
import {
  createRemoteJWKSet,
  importSPKI,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import type { ProviderConfig } from '../../config';
import { ProviderError } from '../../http/errors';

export type TrustedAuthTokenProfile = ProviderConfig['project']['trustedAuthTokens'][number];

/** The signature algorithms a trusted issuer may use (asymmetric only: no `none`, no shared-secret HMAC). */
export const TRUSTED_TOKEN_ALGORITHMS = ['RS256', 'ES256', 'EdDSA', 'Ed25519'] as const;

/** How long fetching the issuer's JWKS may take before the token is refused (jose's default is 5 s). */
const JWKS_TIMEOUT_MS = 5_000;

type Verifier = { key: JWTVerifyGetKey | Awaited<ReturnType<typeof importSPKI>>; algorithms: string[] };

// One verifier per profile object (the configuration is parsed once per provider): the remote JWKS keeps its own
// cache of the issuer's keys, and a PEM is imported once.
const verifiers = new WeakMap<TrustedAuthTokenProfile, Promise<Verifier>>();

/** The algorithms a PEM public key can verify, from its key type: RSA → RS256, P-256 → ES256, Ed25519 → EdDSA. */
function algorithmsOfPem(pem: string): string[] {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType === 'rsa') return ['RS256'];
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return ['ES256'];
  if (key.asymmetricKeyType === 'ed25519') return ['EdDSA', 'Ed25519'];
  throw new Error(
    `Unsupported publicKeyPem key type ${key.asymmetricKeyType ?? 'unknown'}: use an RSA, P-256 or Ed25519 public key`,
  );
}

function verifierFor(profile: TrustedAuthTokenProfile): Promise<Verifier> {
  let verifier = verifiers.get(profile);
  if (!verifier) {
    verifier = (async (): Promise<Verifier> => {
      if (profile.jwksUrl !== undefined) {
        return {
          key: createRemoteJWKSet(new URL(profile.jwksUrl), { timeoutDuration: JWKS_TIMEOUT_MS }),
          algorithms: [...TRUSTED_TOKEN_ALGORITHMS],
        };
      }
      // parseConfig guarantees exactly one of jwksUrl and publicKeyPem.
      const pem = profile.publicKeyPem as string;
      const algorithms = algorithmsOfPem(pem);
      return { key: await importSPKI(pem, algorithms[0] as string), algorithms };
    })();
    // A key that fails to import is an operator's mistake: logged as an internal error, tried again next time.
    verifier.catch(() => verifiers.delete(profile));
    verifiers.set(profile, verifier);
  }
  return verifier;
}

/** The trusted issuer named `profileId`, or `trusted_auth_token_profile_not_found`. */
export function requireTrustedProfile(config: ProviderConfig, profileId: string): TrustedAuthTokenProfile {
  const profile = config.project.trustedAuthTokens.find((item) => item.profileId === profileId);
  if (!profile) throw new ProviderError('trusted_auth_token_profile_not_found');
  return profile;
}

/**
 * Verifies `token` against the profile: a JWS signed by the profile's key (its JWKS, or its PEM) with one of the
 * key's algorithms, `iss` = the profile's issuer, `aud` containing its audience, and an `exp` in the future (a JWT
 * without `exp` is refused like an expired one; `nbf`, when present, must have passed). Any failure is 401
 * `invalid_token`; the issuer's JWKS being unreachable says so in the message.
 */
export async function verifyTrustedToken(
  profile: TrustedAuthTokenProfile,
  token: string,
  nowMs: number,
): Promise<JWTPayload> {
  const { key, algorithms } = await verifierFor(profile);
  try {
    const options = {
      algorithms,
      issuer: profile.issuer,
      audience: profile.audience,
      requiredClaims: ['exp'],
      currentDate: new Date(nowMs),
    };
    const { payload } =
      typeof key === 'function' ? await jwtVerify(token, key, options) : await jwtVerify(token, key, options);
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JWKSTimeout || (error instanceof TypeError && profile.jwksUrl !== undefined)) {
      throw new ProviderError('invalid_token', {
        message: "The token could not be verified: the issuer's keys (jwksUrl) could not be fetched.",
      });
    }
    throw new ProviderError('invalid_token');
  }
}
