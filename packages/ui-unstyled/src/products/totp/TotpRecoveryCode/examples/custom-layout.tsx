import { TotpRecoveryCodeScreen } from '../TotpRecoveryCodeScreen';
import { exampleRecoveryCode } from './fixtures';

/** A re-arranged recovery-code screen: no back arrow, no instruction, the switch back to the app first. */
export default function TotpRecoveryCodeScreenCustomLayoutExample() {
  return (
    <TotpRecoveryCodeScreen.Provider value={exampleRecoveryCode({ value: '' })}>
      <TotpRecoveryCodeScreen.Root>
        <TotpRecoveryCodeScreen.UseApp />
        <TotpRecoveryCodeScreen.Title />
        <TotpRecoveryCodeScreen.Form>
          <TotpRecoveryCodeScreen.Label />
          <TotpRecoveryCodeScreen.Input />
          <TotpRecoveryCodeScreen.Error />
          <TotpRecoveryCodeScreen.Submit />
        </TotpRecoveryCodeScreen.Form>
      </TotpRecoveryCodeScreen.Root>
    </TotpRecoveryCodeScreen.Provider>
  );
}
