import { createHash } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

/** How long the range API may take before the check falls back to the shipped list alone. */
export const BREACH_RANGE_TIMEOUT_MS = 3000;

let shippedList: Set<string> | null = null;

// zxcvbn's common-passwords dictionary is drawn from real breach corpora; kept lower-cased so that
// "Password1" and "PASSWORD1" are caught with "password1".
function breachedSet(): Set<string> {
  shippedList ??= new Set(dictionary['passwords-common'].map((entry) => String(entry).toLowerCase()));
  return shippedList;
}

/** Is the password (compared case-insensitively) on the shipped list of breached passwords? */
export function isOnShippedBreachList(password: string): boolean {
  return breachedSet().has(password.toLowerCase());
}

/**
 * Asks a k-anonymity range API (Have I Been Pwned's format) about a password: only the first five hex
 * digits of its SHA-1 leave the server. Answers null when the API cannot be used (down, slow, not 200),
 * so the caller can fall back to the shipped list.
 */
export async function queryBreachRangeApi(
  baseUrl: string,
  password: string,
  timeoutMs = BREACH_RANGE_TIMEOUT_MS,
): Promise<boolean | null> {
  const digest = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
  const prefix = digest.slice(0, 5);
  const suffix = digest.slice(5);
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/${prefix}`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { 'add-padding': 'true' },
    });
    if (!response.ok) return null;
    const body = await response.text();
    for (const line of body.split('\n')) {
      const [lineSuffix, count] = line.trim().split(':');
      // Padding lines (count 0) are decoys the API adds so response sizes do not leak the prefix.
      if (lineSuffix?.toUpperCase() === suffix) return Number(count ?? '0') > 0;
    }
    return false;
  } catch {
    return null;
  }
}

/**
 * Is the password known from a breach: on the shipped list, or (when configured and reachable) in the range API? It
 * fails open: a range API that is down, answers anything but 200 or takes longer than BREACH_RANGE_TIMEOUT_MS leaves
 * the shipped list alone to decide. `password` is the form the hash sees (normalizePassword, NFKC): checkPasswordStrength
 * passes nothing else, so the SHA-1 asked about is that of the password as stored.
 */
export async function isBreachedPassword(password: string, rangeApiUrl: string | null): Promise<boolean> {
  if (isOnShippedBreachList(password)) return true;
  if (rangeApiUrl === null) return false;
  return (await queryBreachRangeApi(rangeApiUrl, password)) === true;
}
