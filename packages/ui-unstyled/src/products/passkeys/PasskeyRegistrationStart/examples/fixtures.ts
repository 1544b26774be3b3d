import type { UsePasskeyRegistrationStartScreenReturn } from '../usePasskeyRegistrationStartScreen';

/** A PasskeyRegistrationStart state for the examples, with `overrides` applied. */
export function exampleRegistrationStart(
  overrides: Partial<UsePasskeyRegistrationStartScreenReturn> = {},
): UsePasskeyRegistrationStartScreenReturn {
  return { isPending: false, error: null, create: () => {}, skip: () => {}, ...overrides };
}
