import type { UsePasskeyRegistrationStartScreenReturn } from '../usePasskeyRegistrationStartScreen';

/** A PasskeyRegistrationStart state for the examples, with `overrides` applied. */
export function exampleRegistrationStart(
  overrides: Partial<UsePasskeyRegistrationStartScreenReturn> = {},
): UsePasskeyRegistrationStartScreenReturn {
  return {
    isPending: false,
    error: null,
    unverifiedIdentifier: null,
    verifiedIdentifier: null,
    identifierVerified: () => {},
    create: () => {},
    skip: () => {},
    verification: null,
    ...overrides,
  };
}
