import { EmailForm } from '../EmailForm';
import { MainScreen } from '../MainScreen';
import { exampleEmailForm, exampleMain } from './fixtures';

/** The Main screen while the email is sent: the submit button disabled with a spinner. */
export default function MainScreenLoadingExample() {
  return (
    <MainScreen.Provider value={exampleMain}>
      <MainScreen.Root>
        <MainScreen.Title />
        <EmailForm value={exampleEmailForm({ value: 'ada@example.com', isPending: true })} />
      </MainScreen.Root>
    </MainScreen.Provider>
  );
}
