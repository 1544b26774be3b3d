import { TotpRecoveryCodeScreen } from '../TotpRecoveryCodeScreen';
import { exampleRecoveryCode } from './fixtures';

/** A recovery code that was already used. */
export default function TotpRecoveryCodeScreenErrorExample() {
  return (
    <TotpRecoveryCodeScreen.Provider
      value={exampleRecoveryCode({
        error: {
          type: 'recovery_code_not_found',
          message: 'This recovery code is not valid or has already been used. Each recovery code works only once.',
        },
      })}
    >
      <TotpRecoveryCodeScreen.Layout />
    </TotpRecoveryCodeScreen.Provider>
  );
}
