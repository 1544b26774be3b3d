import { TotpScreen } from '../TotpScreen';
import { exampleTotp } from './fixtures';

/** A re-arranged code screen: the boxes first, no back arrow, the recovery-code switch under the title. */
export default function TotpScreenCustomLayoutExample() {
  return (
    <TotpScreen.Provider value={exampleTotp()}>
      <TotpScreen.Root>
        <TotpScreen.CodeInput />
        <TotpScreen.Error />
        <TotpScreen.Title />
        <TotpScreen.UseRecoveryCode />
      </TotpScreen.Root>
    </TotpScreen.Provider>
  );
}
