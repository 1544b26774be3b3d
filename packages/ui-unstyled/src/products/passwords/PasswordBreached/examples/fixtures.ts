import type { UsePasswordBreachedScreenReturn } from '../usePasswordBreachedScreen';

/** A fixed PasswordBreached state for the examples. */
export function examplePasswordBreached(
  overrides: Partial<UsePasswordBreachedScreenReturn> = {},
): UsePasswordBreachedScreenReturn {
  return { email: 'ada@example.com', back: () => {}, ...overrides };
}
