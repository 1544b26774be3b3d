import { PasswordConfirmationScreen } from '../PasswordConfirmationScreen';

/** The success screen has no loading state; this is its text alone, before the graphic. */
export default function PasswordConfirmationLoadingExample() {
  return (
    <PasswordConfirmationScreen.Provider value={{}}>
      <PasswordConfirmationScreen.Root>
        <PasswordConfirmationScreen.Title />
        <PasswordConfirmationScreen.Description />
      </PasswordConfirmationScreen.Root>
    </PasswordConfirmationScreen.Provider>
  );
}
