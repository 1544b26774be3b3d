import { OtpScreen } from '../OtpScreen';
import { exampleOtp } from './fixtures';

/** A refused code under the boxes, an expired countdown and a failed resend. */
export default function OtpScreenErrorExample() {
  return (
    <OtpScreen.Provider
      value={exampleOtp({
        codeError: { type: 'otp_code_not_found', message: 'Invalid passcode, please try again.' },
        isExpired: true,
        resendError: {
          type: 'too_many_requests',
          message: 'Too many requests have been made. Please wait and try again.',
        },
      })}
    >
      <OtpScreen.Layout />
    </OtpScreen.Provider>
  );
}
