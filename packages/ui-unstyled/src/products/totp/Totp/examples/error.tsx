import { TotpScreen } from '../TotpScreen';
import { exampleTotp } from './fixtures';

/** A refused code under the boxes. */
export default function TotpScreenErrorExample() {
  return (
    <TotpScreen.Provider
      value={exampleTotp({ codeError: { type: 'otp_code_not_found', message: 'Invalid passcode, please try again.' } })}
    >
      <TotpScreen.Layout />
    </TotpScreen.Provider>
  );
}
