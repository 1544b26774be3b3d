import type { OtpCodeInputProps } from '@latchkey/hooks';
import type { UseOtpScreenReturn } from '../useOtpScreen';

/** A fixed passcode screen state for the examples: a code sent by SMS, two digits typed. */
export function exampleOtp(overrides: Partial<UseOtpScreenReturn> = {}): UseOtpScreenReturn {
  const digits = ['4', '2', '', '', '', ''];
  return {
    method: 'sms',
    purpose: 'signIn',
    destination: '+1 415 555 0123',
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
    codeErrorId: 'example-otp-error',
    remainingTime: '4:59',
    isExpired: false,
    resendStatus: 'initial',
    resend: () => {},
    resendError: null,
    canGoBack: true,
    back: () => {},
    ...overrides,
  };
}
