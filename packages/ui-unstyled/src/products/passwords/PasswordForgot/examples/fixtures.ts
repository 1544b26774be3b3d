import type { UsePasswordForgotScreenReturn } from '../usePasswordForgotScreen';

/** A fixed PasswordForgot state for the examples. */
export function examplePasswordForgot(
  overrides: Partial<UsePasswordForgotScreenReturn> = {},
): UsePasswordForgotScreenReturn {
  return {
    email: 'ada@example.com',
    resendStatus: 'initial',
    resend: async () => {},
    canLoginWithoutPassword: true,
    loginWithoutPassword: async () => {},
    isLoggingInWithoutPassword: false,
    error: null,
    back: () => {},
    ...overrides,
  };
}
