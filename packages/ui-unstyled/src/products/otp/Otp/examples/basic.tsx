import { OtpScreen } from '../OtpScreen';
import { exampleOtp } from './fixtures';

/** 'Enter passcode' for a code sent by SMS, counting down. */
export default function OtpScreenBasicExample() {
  return (
    <OtpScreen.Provider value={exampleOtp()}>
      <OtpScreen.Layout />
    </OtpScreen.Provider>
  );
}
