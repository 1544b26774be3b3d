import { type UseEmailConfirmationScreenReturn, webMailLinks } from '../useEmailConfirmationScreen';

/** A fixed EmailConfirmation state for the examples. */
export function exampleEmailConfirmation(
  overrides: Partial<UseEmailConfirmationScreenReturn> = {},
): UseEmailConfirmationScreenReturn {
  return {
    email: 'ada@example.com',
    links: webMailLinks(['latchkey.dev']),
    tryAgain: () => {},
    canCreatePassword: false,
    createPassword: () => {},
    isCreatingPassword: false,
    error: null,
    ...overrides,
  };
}
