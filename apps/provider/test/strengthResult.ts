// The password strength result (strength_check, and error_details of weak_password), built
// from the few fields a case decides so that every case still compares the whole object.
import { expect } from 'vitest';

/** The `luds_requirements` of a strength result: the character classes found and what is still missing. */
export function expectedLuds(
  has: { digit?: boolean; lower?: boolean; symbol?: boolean; upper?: boolean },
  missing: { characters?: number; complexity?: number } = {},
) {
  return {
    has_digit: has.digit ?? false,
    has_lower_case: has.lower ?? false,
    has_symbol: has.symbol ?? false,
    has_upper_case: has.upper ?? false,
    missing_characters: missing.characters ?? 0,
    missing_complexity: missing.complexity ?? 0,
  };
}

/**
 * A whole strength result under `policy`, valid or not, with `luds`. Any score matches unless `extra` gives
 * one (under LUDS the zxcvbn score is reported but decides nothing); not breached and without feedback unless
 * `extra` says otherwise.
 */
export function strengthResult(
  policy: 'zxcvbn' | 'luds',
  valid: boolean,
  luds: ReturnType<typeof expectedLuds>,
  extra: { score?: number; breached?: boolean; suggestions?: string[]; warning?: string } = {},
) {
  return {
    valid_password: valid,
    score: extra.score ?? expect.any(Number),
    breached_password: extra.breached ?? false,
    breach_detection_on_create: true,
    strength_policy: policy,
    feedback: { suggestions: extra.suggestions ?? [], warning: extra.warning ?? '', luds_requirements: luds },
  };
}

/** A passphrase and zxcvbn's whole verdict on it: valid, score 4, no feedback. */
export const PASSPHRASE = {
  password: 'correct horse battery staple',
  result: strengthResult('zxcvbn', true, expectedLuds({ lower: true, symbol: true }), { score: 4 }),
};

/** A password of repeated characters and zxcvbn's whole verdict on it: score 0, with a warning and suggestions. */
export const REPEATED = {
  password: 'aaaaaaaaaaaa',
  result: strengthResult('zxcvbn', false, expectedLuds({ lower: true }), {
    score: 0,
    suggestions: ['Add more words that are less common.', 'Avoid repeated words and characters.'],
    warning: 'Repeated characters like "aaa" are easy to guess.',
  }),
};
