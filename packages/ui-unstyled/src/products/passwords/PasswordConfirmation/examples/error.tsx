import { PasswordConfirmationScreen } from '../PasswordConfirmationScreen';

/** The success screen has no error state; with the texts overridden through its parts (e.g. a translation). */
export default function PasswordConfirmationErrorExample() {
  return (
    <PasswordConfirmationScreen.Provider value={{}}>
      <PasswordConfirmationScreen.Root>
        <PasswordConfirmationScreen.Icon />
        <PasswordConfirmationScreen.Title>Geschafft!</PasswordConfirmationScreen.Title>
        <PasswordConfirmationScreen.Description>Sie sind angemeldet.</PasswordConfirmationScreen.Description>
      </PasswordConfirmationScreen.Root>
    </PasswordConfirmationScreen.Provider>
  );
}
