import type { UsePasswordSetNewScreenReturn } from '../usePasswordSetNewScreen';

/** A fixed PasswordSetNew state for the examples. */
export function examplePasswordSetNew(
  overrides: Partial<UsePasswordSetNewScreenReturn> = {},
): UsePasswordSetNewScreenReturn {
  return { email: 'ada@example.com', back: () => {}, ...overrides };
}
