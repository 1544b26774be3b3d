import type { LatchkeyEnvironment } from '../environment';

export interface ProofKeyPair {
  code_verifier: string;
  code_challenge: string;
}

/** base64url without padding (RFC 4648 §5). */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)). */
export async function computeCodeChallenge(subtle: SubtleCrypto, verifier: string): Promise<string> {
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

/**
 * A new proof-key pair: the verifier is 16 random 32-bit values, each written as 8 hex digits
 * (128 characters, the RFC 7636 maximum); the challenge is its SHA-256, base64url.
 */
export async function createProofKeyPair(crypto: LatchkeyEnvironment['crypto']): Promise<ProofKeyPair> {
  const values = crypto.getRandomValues(new Uint32Array(16));
  const code_verifier = Array.from(values, (value) => value.toString(16).padStart(8, '0')).join('');
  return { code_verifier, code_challenge: await computeCodeChallenge(crypto.subtle, code_verifier) };
}
