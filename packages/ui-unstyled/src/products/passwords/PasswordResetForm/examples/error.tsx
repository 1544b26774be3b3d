import { exampleStrengthResult } from '../../PasswordCreateOrLogin/examples/fixtures';
import { PasswordResetFormScreen } from '../PasswordResetFormScreen';
import { examplePasswordResetForm } from './fixtures';

/** A breached password: the notice replaces the advice and Continue stays disabled. */
export default function PasswordResetFormErrorExample() {
  return (
    <PasswordResetFormScreen.Provider
      value={examplePasswordResetForm({
        password: 'password',
        strength: {
          status: 'done',
          result: exampleStrengthResult({ score: 0, breached_password: true }),
        },
      })}
    >
      <PasswordResetFormScreen.Layout />
    </PasswordResetFormScreen.Provider>
  );
}
