import { createHash, createHmac, randomFillSync, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** Bytes drawn from the CSPRNG at once for randomToken (Node draws randomUUID's and randomInt's the same way). */
const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomPoolOffset = 0;

/**
 * A random secret for a URL or a header: `bytes` bytes from the CSPRNG, base64url (32 bytes = 256 bits). The bytes
 * come from a pool refilled by one CSPRNG call per 4 KiB: a call per token cost 35–50 µs of CPU under load, 5 % of
 * a passcode sign-in. Each byte is handed out once and zeroed as it is, so no token issued stays in the pool.
 */
export function randomToken(bytes = 32): string {
  if (bytes > RANDOM_POOL_BYTES) return randomFillSync(Buffer.alloc(bytes)).toString('base64url');
  if (randomPoolOffset + bytes > randomPool.length) {
    randomPool = randomFillSync(Buffer.alloc(RANDOM_POOL_BYTES));
    randomPoolOffset = 0;
  }
  const end = randomPoolOffset + bytes;
  const token = randomPool.toString('base64url', randomPoolOffset, end);
  randomPool.fill(0, randomPoolOffset, end);
  randomPoolOffset = end;
  return token;
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

/**
 * `newId` with a version 7 UUID (RFC 9562 §5.7): its first 48 bits are `nowMs`, Unix time in milliseconds, then
 * the version, 12 random bits, the variant and 62 random bits (74 random bits, taken from a version 4 UUID). Rows
 * created one after another then sit side by side in their primary-key index: a new session's key goes to the
 * index's last page, not to a random one that SQLite must write whole to its log at the commit (PostgreSQL too,
 * after each checkpoint). It shows when the row was made: only for rows whose creation time is public anyway
 * (a session's `started_at`, the same `nowMs`).
 */
export function newTimeOrderedId(kind: string, environment: 'test' | 'live', nowMs: number): string {
  const time = Math.max(0, Math.floor(nowMs)).toString(16).padStart(12, '0').slice(-12);
  // 'xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx': from index 15 on, its random bits after the version, with the variant.
  return `${kind}-${environment}-${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
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
