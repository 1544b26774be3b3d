// How the sample stores an answer: a security answer is a low-entropy secret the user chose, like a password, so it
// is kept as an argon2id hash at the passwords' cost (never the answer), checked by argon2's own constant-time
// comparison. @node-rs/argon2's asynchronous calls run on libuv's thread pool, off the event loop.
import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const COST = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** The answer as it is hashed: Unicode-normalised, trimmed, inner spaces collapsed, lower case. */
export function normalizeAnswer(answer: string): string {
  return answer.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The argon2id hash (PHC string) of a normalised answer. */
export function hashAnswer(normalized: string): Promise<string> {
  return hash(normalized, COST);
}

/** Whether `normalized` is the answer `stored` hashes. */
export function answerMatches(stored: string, normalized: string): Promise<boolean> {
  return verify(stored, normalized);
}

let dummy: Promise<string> | undefined;
/**
 * Spends what a real check costs when there is nothing to check (an unknown email, a user without a question), so
 * the time of the answer tells nobody whether the account exists.
 */
export async function spendDummyCheck(normalized: string): Promise<void> {
  dummy ??= hash(randomBytes(16).toString('hex'), COST);
  await verify(await dummy, normalized);
}
