import type { OtpCodeInputProps } from '@latchkey/hooks';
import type { UseTotpEnrollmentScreenReturn } from '../useTotpEnrollmentScreen';

/** A 1×1 PNG standing in for the provider's QR code. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A fixed enrolment state for the examples: the scan step, nothing typed yet. */
export function exampleEnrollment(
  overrides: Partial<UseTotpEnrollmentScreenReturn> = {},
): UseTotpEnrollmentScreenReturn {
  const digits = ['', '', '', '', '', ''];
  return {
    step: 'scan',
    hasUser: true,
    isEnrolled: false,
    isStarting: false,
    start: () => {},
    qrCode: PIXEL,
    qrCodeError: null,
    manualKey: 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    otpauthUri: 'otpauth://totp/Acme:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Acme',
    copyKey: () => {},
    copied: null,
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
    verification: null,
    recoveryCodes: ['abcd-efgh-ijkl-mnop', 'qrst-uvwx-yz23-4567', 'bcde-fghi-jklm-nopq'],
    copyCodes: () => {},
    downloadCodes: () => {},
    hasSavedCodes: false,
    setHasSavedCodes: () => {},
    finish: () => {},
    error: null,
    unverifiedIdentifier: null,
    back: () => {},
    canGoBack: true,
    canManage: false,
    isManaging: false,
    isConfirmingRemove: false,
    requestRemove: () => {},
    cancelRemove: () => {},
    confirmRemove: () => {},
    regenerateRecoveryCodes: () => {},
    ids: {
      error: 'example-totp-enrollment-error',
      codes: 'example-codes',
      savedCheckbox: 'example-saved',
      codeLabel: 'example-code-label',
    },
    ...overrides,
  };
}
