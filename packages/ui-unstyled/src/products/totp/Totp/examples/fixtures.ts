import type { OtpCodeInputProps } from '@latchkey/hooks';
import type { UseTotpScreenReturn } from '../useTotpScreen';

/** A fixed authenticator-app code screen state for the examples: three digits typed, no passkey. */
export function exampleTotp(overrides: Partial<UseTotpScreenReturn> = {}): UseTotpScreenReturn {
  const digits = ['3', '1', '4', '', '', ''];
  return {
    digits,
    getDigitProps: (index): OtpCodeInputProps => ({
      ref: () => {},
      type: 'text',
      value: digits[index] ?? '',
      inputMode: 'numeric',
      pattern: '[0-9]*',
      autoComplete: index === 0 ? 'one-time-code' : 'off',
      'aria-label': `Digit ${index + 1} of 6`,
      onChange: () => {},
      onKeyDown: () => {},
      onPaste: () => {},
      onFocus: () => {},
    }),
    isVerifying: false,
    codeError: null,
    codeErrorId: 'example-totp-error',
    switchToRecoveryCode: () => {},
    showCode: true,
    showPasskey: false,
    startPasskey: () => {},
    isPasskeyPending: false,
    passkeyError: null,
    passkeyErrorId: 'example-totp-passkey-error',
    back: () => {},
    ...overrides,
  };
}
