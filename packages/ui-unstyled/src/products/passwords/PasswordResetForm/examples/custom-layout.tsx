import { PasswordResetFormScreen } from '../PasswordResetFormScreen';
import { examplePasswordResetForm } from './fixtures';

/** A re-arranged reset form: the password-less login offered first, the toggle worded by the host. */
export default function PasswordResetFormCustomLayoutExample() {
  return (
    <PasswordResetFormScreen.Provider value={examplePasswordResetForm()}>
      <PasswordResetFormScreen.Root>
        <PasswordResetFormScreen.Title />
        <PasswordResetFormScreen.LoginWithoutPassword />
        <PasswordResetFormScreen.Form>
          <PasswordResetFormScreen.PasswordLabel />
          <PasswordResetFormScreen.PasswordInput />
          <PasswordResetFormScreen.VisibilityToggle>Peek</PasswordResetFormScreen.VisibilityToggle>
          <PasswordResetFormScreen.Strength />
          <PasswordResetFormScreen.Error />
          <PasswordResetFormScreen.Submit>Save password</PasswordResetFormScreen.Submit>
        </PasswordResetFormScreen.Form>
      </PasswordResetFormScreen.Root>
    </PasswordResetFormScreen.Provider>
  );
}
