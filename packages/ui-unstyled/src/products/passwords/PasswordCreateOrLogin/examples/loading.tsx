import { PasswordCreateOrLoginScreen } from '../PasswordCreateOrLoginScreen';
import { examplePasswordCreateOrLogin, exampleStrengthResult } from './fixtures';

/** A new user creating the account: a strong password (4 green segments) being submitted. */
export default function PasswordCreateOrLoginLoadingExample() {
  return (
    <PasswordCreateOrLoginScreen.Provider
      value={examplePasswordCreateOrLogin({
        variant: 'new',
        hasEmailLinkAlternative: true,
        password: 'correct horse battery staple',
        strength: {
          status: 'done',
          result: exampleStrengthResult({
            score: 4,
            valid_password: true,
            feedback: { ...exampleStrengthResult().feedback, warning: '', suggestions: [] },
          }),
        },
        canSubmit: false,
        pendingAction: 'submit',
      })}
    >
      <PasswordCreateOrLoginScreen.Layout />
    </PasswordCreateOrLoginScreen.Provider>
  );
}
