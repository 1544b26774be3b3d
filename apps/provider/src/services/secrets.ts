import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** A random secret for a URL or a header: `bytes` bytes from the CSPRNG, base64url (32 bytes = 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A six-digit passcode from the CSPRNG, uniformly distributed, leading zeros kept. */
export function randomPasscode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** SHA-256 in hex: how every high-entropy secret (session, magic-link, reset token) is kept at rest. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compares two hex digests in constant time. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A public identifier in the contract's style: `user-test-<uuid>`, `session-live-<uuid>`. */
export function newId(kind: string, environment: 'test' | 'live'): string {
  return `${kind}-${environment}-${randomUUID()}`;
}

/** PKCE S256: does `verifier` hash to `challenge` (RFC 7636 §4.6)? */
export function pkceMatches(challenge: string, verifier: string): boolean {
  const computed = createHash('sha256').update(verifier).digest('base64url');
  const a = Buffer.from(computed);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** HMAC-SHA256 in hex: how low-entropy secrets (six-digit passcodes) are kept, under a key outside the database. */
export function hmacSha256Hex(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}
