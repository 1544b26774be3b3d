// The package's PKCE helpers, each loading `./pkce` on its first call. Re-exported by the index, `./pkce` itself
// would sit in every page's first load: an app bundler puts a module the index reaches, and that a lazily loaded
// chunk (the sign-in calls' proof-key store) also uses, in the chunk shared with the first load.
import type { LatchkeyEnvironment } from '../environment';
import type { ProofKeyPair } from './pkce';

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)). */
export async function computeCodeChallenge(subtle: SubtleCrypto, verifier: string): Promise<string> {
  return (await import('./pkce')).computeCodeChallenge(subtle, verifier);
}

/**
 * A new proof-key pair: the verifier is 16 random 32-bit values, each written as 8 hex digits
 * (128 characters, the RFC 7636 maximum); the challenge is its SHA-256, base64url.
 */
export async function createProofKeyPair(crypto: LatchkeyEnvironment['crypto']): Promise<ProofKeyPair> {
  return (await import('./pkce')).createProofKeyPair(crypto);
}
