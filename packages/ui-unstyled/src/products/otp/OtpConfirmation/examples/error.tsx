import { exampleOtp } from '../../Otp/examples/fixtures';
import { OtpScreen } from '../../Otp/OtpScreen';

/**
 * The success screen has no error state of its own: when the code is refused the user stays on the passcode
 * screen with the error under the boxes instead.
 */
export default function OtpConfirmationErrorExample() {
  return (
    <OtpScreen.Provider
      value={exampleOtp({ codeError: { type: 'otp_code_not_found', message: 'Invalid passcode, please try again.' } })}
    >
      <OtpScreen.Layout />
    </OtpScreen.Provider>
  );
}
