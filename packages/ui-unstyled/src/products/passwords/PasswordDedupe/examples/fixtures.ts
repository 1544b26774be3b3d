import type { UsePasswordDedupeScreenReturn } from '../usePasswordDedupeScreen';

/** A fixed PasswordDedupe state for the examples. */
export function examplePasswordDedupe(
  overrides: Partial<UsePasswordDedupeScreenReturn> = {},
): UsePasswordDedupeScreenReturn {
  return { email: 'ada@example.com', back: () => {}, ...overrides };
}
