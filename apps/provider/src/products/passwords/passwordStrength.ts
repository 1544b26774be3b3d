import type { PasswordsLudsRequirements, PasswordsStrengthCheckResponse } from '@latchkey/sdk/contract';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import type { ProjectConfig } from '../../config';
import { ProviderError } from '../../http/errors';
import { isBreachedPassword } from './breachedPasswords';
import { normalizePassword } from './passwordHash';

/** The shortest password any policy accepts (NIST SP 800-63B). */
export const MIN_PASSWORD_LENGTH = 8;
/**
 * The longest password accepted, in Unicode code points; a longer one is refused, never cut short. A new password is
 * measured both as typed and in the form the hash sees (NFKC, which may lengthen it: assertAcceptablePassword).
 */
export const MAX_PASSWORD_LENGTH = 256;
/** The zxcvbn score a password needs under the zxcvbn policy. */
export const MIN_ZXCVBN_SCORE = 3;

/** Shown (and in `feedback.warning`) for a password found in a breach. */
export const BREACHED_PASSWORD_WARNING =
  'This password may have been used on a different site that experienced a security issue. Please choose another password.';

/** The strength check result, without the envelope fields. */
export type PasswordStrength = Omit<PasswordsStrengthCheckResponse, 'request_id' | 'status_code'>;

type PasswordPolicy = ProjectConfig['passwordPolicy'];

let estimator: ZxcvbnFactory | null = null;

// Built on first use: loading the dictionaries takes about 100 ms. zxcvbn is synchronous and its cost grows
// quickly with length (about 2 s for 256 random characters with the defaults), so it rates only the first
// 100 characters with few l33t substitutions: a password longer than that is strong on length alone, and
// no request can hold the event loop for long. The whole password is still hashed.
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
    maxLength: 100,
    l33tMaxSubstitutions: 10,
  });
  return estimator;
}

/** The length of a password in Unicode code points (what "characters" means in every limit here). */
export function passwordLength(password: string): number {
  let count = 0;
  for (const _ of password) count += 1;
  return count;
}

/** Refuses a password longer than MAX_PASSWORD_LENGTH with `password_too_long`. */
export function assertPasswordLength(password: string): void {
  // A code point is at most two UTF-16 units, so very long strings are refused without counting.
  if (password.length > MAX_PASSWORD_LENGTH * 2 || passwordLength(password) > MAX_PASSWORD_LENGTH) {
    throw new ProviderError('password_too_long');
  }
}

/**
 * Which character classes a password has and what it lacks for a LUDS policy (lowercase, uppercase,
 * digit, symbol; a symbol is anything that is neither a letter nor a number).
 */
export function ludsRequirements(
  password: string,
  policy: { complexity: number; minimumCount: number },
): PasswordsLudsRequirements {
  const has_lower_case = /\p{Ll}/u.test(password);
  const has_upper_case = /\p{Lu}/u.test(password);
  const has_digit = /\p{Nd}/u.test(password);
  const has_symbol = /[^\p{L}\p{N}]/u.test(password);
  const classes = [has_lower_case, has_upper_case, has_digit, has_symbol].filter(Boolean).length;
  return {
    has_digit,
    has_lower_case,
    has_symbol,
    has_upper_case,
    missing_characters: Math.max(0, policy.minimumCount - passwordLength(password)),
    missing_complexity: Math.max(0, policy.complexity - classes),
  };
}

/** The email address and its local part (and the local part's pieces), for zxcvbn to treat as guessable. */
function userInputs(email: string | undefined): string[] {
  if (email === undefined || email.trim() === '') return [];
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  const pieces = local.split(/[._+-]+/).filter((piece) => piece.length >= 3);
  return [...new Set([address, local, ...pieces].filter((input) => input !== ''))];
}

/**
 * Rates a password under the project's policy (`passwords/strength_check`). zxcvbn: valid
 * with a score of at least 3 and 8 characters; LUDS: valid when no characters or classes are missing.
 * A breached password is never valid.
 *
 * Every part rates the password as the hash will see it (normalizePassword, NFKC): full-width
 * "ｐａｓｓｗｏｒｄ１２３" hashes as "password123", so it is rated, counted and looked up in the breach lists
 * (the range API asked with the SHA-1 of that form) as "password123" too.
 */
export async function checkPasswordStrength(
  project: Pick<ProjectConfig, 'passwordPolicy' | 'breachRangeApiUrl'>,
  typed: string,
  email?: string,
): Promise<PasswordStrength> {
  const password = normalizePassword(typed);
  const policy: PasswordPolicy = project.passwordPolicy;
  const rating = zxcvbn().check(password, userInputs(email));
  const breached = await isBreachedPassword(password, project.breachRangeApiUrl);
  const luds =
    policy.type === 'luds'
      ? ludsRequirements(password, policy)
      : ludsRequirements(password, { complexity: 0, minimumCount: MIN_PASSWORD_LENGTH });
  const longEnough = passwordLength(password) >= MIN_PASSWORD_LENGTH;

  let valid: boolean;
  let warning: string;
  let suggestions: string[];
  if (policy.type === 'luds') {
    valid = luds.missing_characters === 0 && luds.missing_complexity === 0;
    // The widget words LUDS shortfalls itself from luds_requirements; zxcvbn's advice would contradict it.
    warning = '';
    suggestions = [];
  } else {
    valid = rating.score >= MIN_ZXCVBN_SCORE && longEnough;
    warning = rating.feedback.warning ?? '';
    suggestions = [...rating.feedback.suggestions];
    if (!longEnough) {
      if (warning === '') warning = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
      suggestions.push(`Use at least ${MIN_PASSWORD_LENGTH} characters.`);
    }
  }
  if (breached) {
    valid = false;
    warning = BREACHED_PASSWORD_WARNING;
  }

  return {
    valid_password: valid,
    score: rating.score,
    breached_password: breached,
    breach_detection_on_create: true,
    strength_policy: policy.type,
    feedback: { suggestions, warning, luds_requirements: luds },
  };
}

/**
 * The rule every password-setting call applies: `password_too_long` (as typed, then in the form the hash sees), then
 * `breached_password`, then `weak_password` with the strength result in `error_details`; all of them on that form
 * (checkPasswordStrength).
 */
export async function assertAcceptablePassword(
  project: Pick<ProjectConfig, 'passwordPolicy' | 'breachRangeApiUrl'>,
  typed: string,
  email?: string,
): Promise<void> {
  // As typed first: it bounds the normalisation's work (NFKC lengthens a code point at most 18 times).
  assertPasswordLength(typed);
  const password = normalizePassword(typed);
  assertPasswordLength(password);
  const strength = await checkPasswordStrength(project, password, email);
  if (strength.breached_password) throw new ProviderError('breached_password', { details: { ...strength } });
  if (!strength.valid_password) throw new ProviderError('weak_password', { details: { ...strength } });
}
