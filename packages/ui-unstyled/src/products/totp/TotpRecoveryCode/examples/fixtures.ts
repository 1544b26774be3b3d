import type { UseTotpRecoveryCodeScreenReturn } from '../useTotpRecoveryCodeScreen';

/** A fixed recovery-code screen state for the examples: a code typed. */
export function exampleRecoveryCode(
  overrides: Partial<UseTotpRecoveryCodeScreenReturn> = {},
): UseTotpRecoveryCodeScreenReturn {
  return {
    value: 'abcd-efgh-ijkl-mnop',
    setValue: () => {},
    isSubmitting: false,
    submit: async () => {},
    error: null,
    ids: { input: 'example-recovery-code', error: 'example-recovery-code-error' },
    switchToApp: () => {},
    back: () => {},
    ...overrides,
  };
}
