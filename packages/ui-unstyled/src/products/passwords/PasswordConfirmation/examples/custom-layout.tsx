import { PasswordConfirmationScreen } from '../PasswordConfirmationScreen';

/** A re-arranged success screen: the title first, no graphic, a link of the host's own. */
export default function PasswordConfirmationCustomLayoutExample() {
  return (
    <PasswordConfirmationScreen.Provider value={{}}>
      <PasswordConfirmationScreen.Root>
        <PasswordConfirmationScreen.Title />
        <PasswordConfirmationScreen.Description />
        <a href="/dashboard">Go to your dashboard</a>
      </PasswordConfirmationScreen.Root>
    </PasswordConfirmationScreen.Provider>
  );
}
