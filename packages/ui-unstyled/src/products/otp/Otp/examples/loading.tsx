import { OtpScreen } from '../OtpScreen';
import { exampleOtp } from './fixtures';

/** 'Verifying passcode...' with the progress bar, and 'Code sent'. */
export default function OtpScreenLoadingExample() {
  return (
    <OtpScreen.Provider value={exampleOtp({ isVerifying: true, resendStatus: 'sent' })}>
      <OtpScreen.Layout />
    </OtpScreen.Provider>
  );
}
