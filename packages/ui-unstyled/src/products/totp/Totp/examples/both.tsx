import { TotpScreen } from '../TotpScreen';
import { exampleTotp } from './fixtures';

/** A user with an authenticator app and a passkey: the code boxes, 'Use a recovery code' and 'Use a passkey'. */
export default function TotpScreenBothExample() {
  return (
    <TotpScreen.Provider value={exampleTotp({ showPasskey: true })}>
      <TotpScreen.Layout />
    </TotpScreen.Provider>
  );
}
