import { PasswordCreateOrLoginScreen } from '../PasswordCreateOrLoginScreen';
import { examplePasswordCreateOrLogin, exampleStrengthResult } from './fixtures';

/** A new user under the LUDS policy: long enough (row met) but only one character class (row unmet). */
export default function PasswordCreateOrLoginLudsExample() {
  return (
    <PasswordCreateOrLoginScreen.Provider
      value={examplePasswordCreateOrLogin({
        variant: 'new',
        password: 'lowercaseonly',
        passwordConfig: { ludsComplexity: 3, ludsMinimumCount: 10 },
        strength: {
          status: 'done',
          result: exampleStrengthResult({
            strength_policy: 'luds',
            feedback: { ...exampleStrengthResult().feedback, warning: '', suggestions: [] },
          }),
        },
        canSubmit: false,
      })}
    >
      <PasswordCreateOrLoginScreen.Layout />
    </PasswordCreateOrLoginScreen.Provider>
  );
}
