import { EmailForm } from '../EmailForm';
import { MainScreen } from '../MainScreen';
import { exampleEmailForm, exampleMain } from './fixtures';

/** The Main screen with the magic-link email form. */
export default function MainScreenBasicExample() {
  return (
    <MainScreen.Provider value={exampleMain}>
      <MainScreen.Root>
        <MainScreen.Logo />
        <MainScreen.Title />
        <EmailForm value={exampleEmailForm()} />
      </MainScreen.Root>
    </MainScreen.Provider>
  );
}
