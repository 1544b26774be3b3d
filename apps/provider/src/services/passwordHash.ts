import { availableParallelism } from 'node:os';
import { type Algorithm, hash as argon2Hash, verify as argon2Verify, type Options } from '@node-rs/argon2';
import { randomToken } from './secrets';

/**
 * How many argon2id computations run at once: one core fewer than the machine has (at least one). They run
 * on libuv's thread pool, never on the event loop, but a pool as large as the machine would still starve the
 * event loop's thread of CPU, and every other request (a session refresh) would wait behind the logins.
 * Beyond the limit, logins queue; each one still costs the full production price.
 */
export const MAX_CONCURRENT_PASSWORD_HASHES = Math.max(1, availableParallelism() - 1);

let running = 0;
const queued: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_PASSWORD_HASHES) await new Promise<void>((resolve) => queued.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = queued.shift();
    // The slot passes straight to the next in line; `running` only drops when nobody waits.
    if (next) next();
    else running -= 1;
  }
}

const hash = (password: string, options: Options) => limited(() => argon2Hash(password, options));
const verify = (storedHash: string, password: string) => limited(() => argon2Verify(storedHash, password));

/**
 * argon2id at OWASP's first recommended setting (security.md §Passwords): 19 MiB, two passes, one lane.
 * `Algorithm` is an ambient const enum, which isolatedModules cannot read, hence the literal 2 (Argon2id).
 */
export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

// NIST SP 800-63B asks for Unicode normalisation before hashing, so "é" typed as one code point or as
// e + combining accent is the same password. Nothing is ever cut off.
function normalize(password: string): string {
  return password.normalize('NFKC');
}

/** Hashes a password to an argon2id PHC string; the work runs on libuv's thread pool, not the event loop. */
export function hashPassword(password: string): Promise<string> {
  return hash(normalize(password), PASSWORD_HASH_OPTIONS);
}

/** Does `password` match the stored PHC string? A malformed hash counts as no match. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    // The PHC string names its own parameters, so hashes made at an older cost still verify.
    return await verify(storedHash, normalize(password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Computes the dummy hash ahead of the first unknown-email sign-in, so that one is not slower either. */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hash(randomToken(16), PASSWORD_HASH_OPTIONS);
  return dummyHash;
}

/**
 * Spends the same time as a real verification when there is no hash to check (unknown email), so the
 * answer's timing does not tell whether an account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  await verifyPassword(await prepareDummyHash(), password);
}
