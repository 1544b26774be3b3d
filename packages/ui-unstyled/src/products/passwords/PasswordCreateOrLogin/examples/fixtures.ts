import type { PasswordsStrengthCheckResponse } from '@latchkey/sdk';
import type { UsePasswordCreateOrLoginScreenReturn } from '../usePasswordCreateOrLoginScreen';

/** A strength-check answer as the provider gives it, for the examples. */
export function exampleStrengthResult(
  overrides: Partial<PasswordsStrengthCheckResponse> = {},
): PasswordsStrengthCheckResponse {
  return {
    request_id: 'request-example',
    status_code: 200,
    valid_password: false,
    score: 1,
    breached_password: false,
    breach_detection_on_create: true,
    strength_policy: 'zxcvbn',
    feedback: {
      warning: 'This is a heavily used password.',
      suggestions: ['Add more words that are less common.'],
      luds_requirements: {
        has_digit: false,
        has_lower_case: true,
        has_symbol: false,
        has_upper_case: false,
        missing_characters: 0,
        missing_complexity: 2,
      },
    },
    ...overrides,
  };
}

/** A fixed PasswordCreateOrLogin state for the examples (an existing user logging in). */
export function examplePasswordCreateOrLogin(
  overrides: Partial<UsePasswordCreateOrLoginScreenReturn> = {},
): UsePasswordCreateOrLoginScreenReturn {
  return {
    variant: 'password',
    email: 'ada@example.com',
    password: '',
    setPassword: () => {},
    isPasswordVisible: false,
    togglePasswordVisibility: () => {},
    strength: { status: 'idle', result: null },
    passwordConfig: null,
    canSubmit: true,
    pendingAction: null,
    error: null,
    hasEmailLinkAlternative: false,
    hasEmailCodeAlternative: false,
    submit: async () => {},
    forgotPassword: async () => {},
    sendEmailLink: async () => {},
    sendEmailCode: async () => {},
    createPasswordInstead: async () => {},
    back: () => {},
    ids: {
      email: 'example-email',
      password: 'example-password',
      error: 'example-error',
      feedback: 'example-feedback',
    },
    ...overrides,
  };
}
