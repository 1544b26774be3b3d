import { exampleOtp } from '../../Otp/examples/fixtures';
import { OtpScreen } from '../../Otp/OtpScreen';

/**
 * The success screen has no loading state of its own: this is the moment before it, the passcode screen's
 * 'Verifying passcode...' with its progress bar.
 */
export default function OtpConfirmationLoadingExample() {
  return (
    <OtpScreen.Provider value={exampleOtp({ isVerifying: true })}>
      <OtpScreen.Layout />
    </OtpScreen.Provider>
  );
}
