import { OtpScreen } from '../OtpScreen';
import { exampleOtp } from './fixtures';

/** A re-arranged passcode screen: the boxes first, no back arrow, the resend button on its own. */
export default function OtpScreenCustomLayoutExample() {
  return (
    <OtpScreen.Provider value={exampleOtp({ method: 'email', destination: 'ada@example.com' })}>
      <OtpScreen.Root>
        <OtpScreen.CodeInput />
        <OtpScreen.Error />
        <OtpScreen.Title />
        <OtpScreen.Instruction />
        <OtpScreen.Countdown />
        <OtpScreen.ResendButton />
      </OtpScreen.Root>
    </OtpScreen.Provider>
  );
}
