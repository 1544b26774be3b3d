import { TotpRecoveryCodeScreen } from '../TotpRecoveryCodeScreen';
import { exampleRecoveryCode } from './fixtures';

/** The recovery-code entry as `<SignIn>` shows it, a code typed. */
export default function TotpRecoveryCodeScreenBasicExample() {
  return (
    <TotpRecoveryCodeScreen.Provider value={exampleRecoveryCode()}>
      <TotpRecoveryCodeScreen.Layout />
    </TotpRecoveryCodeScreen.Provider>
  );
}
