import { EmailForm } from '../EmailForm';
import { MainScreen } from '../MainScreen';
import { exampleEmailForm, exampleMain } from './fixtures';

/** The Main screen after a malformed email: the error under the field. */
export default function MainScreenErrorExample() {
  return (
    <MainScreen.Provider value={exampleMain}>
      <MainScreen.Root>
        <MainScreen.Title />
        <EmailForm value={exampleEmailForm({ value: 'ada@example', error: 'Email format is invalid.' })} />
      </MainScreen.Root>
    </MainScreen.Provider>
  );
}
