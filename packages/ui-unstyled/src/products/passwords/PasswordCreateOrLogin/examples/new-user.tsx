import { PasswordCreateOrLoginScreen } from '../PasswordCreateOrLoginScreen';
import { examplePasswordCreateOrLogin, exampleStrengthResult } from './fixtures';

/** A new user typing a weak password: 1 red segment, the zxcvbn warning and suggestion, Continue disabled. */
export default function PasswordCreateOrLoginNewUserExample() {
  return (
    <PasswordCreateOrLoginScreen.Provider
      value={examplePasswordCreateOrLogin({
        variant: 'new',
        hasEmailLinkAlternative: true,
        password: 'password1',
        strength: { status: 'done', result: exampleStrengthResult() },
        canSubmit: false,
      })}
    >
      <PasswordCreateOrLoginScreen.Layout />
    </PasswordCreateOrLoginScreen.Provider>
  );
}
