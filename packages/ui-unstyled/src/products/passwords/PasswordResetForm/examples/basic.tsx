import { exampleStrengthResult } from '../../PasswordCreateOrLogin/examples/fixtures';
import { PasswordResetFormScreen } from '../PasswordResetFormScreen';
import { examplePasswordResetForm } from './fixtures';

/** 'Reset your password' with a strong new password (4 green segments) ready to submit. */
export default function PasswordResetFormBasicExample() {
  return (
    <PasswordResetFormScreen.Provider
      value={examplePasswordResetForm({
        password: 'violet-otter-92-lantern',
        strength: {
          status: 'done',
          result: exampleStrengthResult({
            score: 4,
            valid_password: true,
            feedback: { ...exampleStrengthResult().feedback, warning: '', suggestions: [] },
          }),
        },
        canSubmit: true,
      })}
    >
      <PasswordResetFormScreen.Layout />
    </PasswordResetFormScreen.Provider>
  );
}
