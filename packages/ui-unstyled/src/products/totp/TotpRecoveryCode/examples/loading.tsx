import { TotpRecoveryCodeScreen } from '../TotpRecoveryCodeScreen';
import { exampleRecoveryCode } from './fixtures';

/** Continue's spinner while the code is checked. */
export default function TotpRecoveryCodeScreenLoadingExample() {
  return (
    <TotpRecoveryCodeScreen.Provider value={exampleRecoveryCode({ isSubmitting: true })}>
      <TotpRecoveryCodeScreen.Layout />
    </TotpRecoveryCodeScreen.Provider>
  );
}
