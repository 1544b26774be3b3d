import type { UsePasswordResetFormScreenReturn } from '../usePasswordResetFormScreen';

/** A fixed PasswordResetForm state for the examples (a reset link, nothing typed yet). */
export function examplePasswordResetForm(
  overrides: Partial<UsePasswordResetFormScreenReturn> = {},
): UsePasswordResetFormScreenReturn {
  return {
    view: 'form',
    status: 'form',
    tokenType: 'reset_password',
    password: '',
    setPassword: () => {},
    isPasswordVisible: false,
    togglePasswordVisibility: () => {},
    strength: { status: 'idle', result: null },
    passwordConfig: null,
    canSubmit: false,
    isSubmitting: false,
    isLoggingIn: false,
    error: null,
    submit: async () => {},
    loginWithoutPassword: async () => {},
    ids: { password: 'example-password', error: 'example-error', feedback: 'example-feedback' },
    ...overrides,
  };
}
