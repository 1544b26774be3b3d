import { TotpScreen } from '../TotpScreen';
import { exampleTotp } from './fixtures';

/** A user whose only second factor is a passkey: 'Use a passkey' and no code boxes; the passkey was refused once. */
export default function TotpScreenPasskeyExample() {
  return (
    <TotpScreen.Provider
      value={exampleTotp({
        showCode: false,
        showPasskey: true,
        passkeyError: {
          type: 'passkey_unknown_error',
          message: 'Unknown error occurred during passkey authentication. Please try again.',
        },
      })}
    >
      <TotpScreen.Layout />
    </TotpScreen.Provider>
  );
}
