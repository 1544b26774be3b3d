import { PasswordCreateOrLoginScreen } from '../PasswordCreateOrLoginScreen';
import { examplePasswordCreateOrLogin, exampleStrengthResult } from './fixtures';

/** A re-arranged sign-up: the password form first, the emailed link offered below it, no back arrow. */
export default function PasswordCreateOrLoginCustomLayoutExample() {
  return (
    <PasswordCreateOrLoginScreen.Provider
      value={examplePasswordCreateOrLogin({
        variant: 'new',
        hasEmailLinkAlternative: true,
        password: 'tangerine42',
        strength: { status: 'done', result: exampleStrengthResult({ score: 2 }) },
        canSubmit: false,
      })}
    >
      <PasswordCreateOrLoginScreen.Root>
        <PasswordCreateOrLoginScreen.Title>Create your account</PasswordCreateOrLoginScreen.Title>
        <PasswordCreateOrLoginScreen.Form>
          <PasswordCreateOrLoginScreen.EmailLabel />
          <PasswordCreateOrLoginScreen.EmailInput />
          <PasswordCreateOrLoginScreen.PasswordLabel />
          <PasswordCreateOrLoginScreen.PasswordInput />
          <PasswordCreateOrLoginScreen.VisibilityToggle />
          <PasswordCreateOrLoginScreen.Submit>Create account</PasswordCreateOrLoginScreen.Submit>
          <PasswordCreateOrLoginScreen.Strength />
          <PasswordCreateOrLoginScreen.Error />
        </PasswordCreateOrLoginScreen.Form>
        <PasswordCreateOrLoginScreen.Alternatives />
      </PasswordCreateOrLoginScreen.Root>
    </PasswordCreateOrLoginScreen.Provider>
  );
}
