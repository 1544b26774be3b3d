import { EmailForm } from '../EmailForm';
import { MainScreen } from '../MainScreen';
import { exampleEmailForm, exampleMain } from './fixtures';

/**
 * A re-arranged Main screen: the hook's value (here fixed) in the Providers, the parts in another order, the
 * title as the page's own heading element and the submit button worded differently.
 */
export default function MainScreenCustomLayoutExample() {
  return (
    <MainScreen.Provider value={{ ...exampleMain, hasDivider: true }}>
      <MainScreen.Root style={{ display: 'grid', gap: 12 }}>
        <EmailForm.Provider value={exampleEmailForm({ value: 'ada@example.com' })}>
          <EmailForm.Root>
            <EmailForm.Submit>Email me a link</EmailForm.Submit>
            <EmailForm.Label>Your work email</EmailForm.Label>
            <EmailForm.Input />
            <EmailForm.Error />
          </EmailForm.Root>
        </EmailForm.Provider>
        <MainScreen.Divider />
        <MainScreen.Title asChild>
          <h3>Sign up or log in</h3>
        </MainScreen.Title>
      </MainScreen.Root>
    </MainScreen.Provider>
  );
}
