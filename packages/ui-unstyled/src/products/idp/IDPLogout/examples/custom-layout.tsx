import { IDPLogoutScreen } from '../IDPLogoutScreen';
import { exampleLogout } from './fixtures';

/** A re-arranged logout confirmation: the question as the heading, 'No' first and reworded. */
export default function IDPLogoutCustomLayoutExample() {
  return (
    <IDPLogoutScreen.Provider value={exampleLogout()}>
      <IDPLogoutScreen.Root>
        <IDPLogoutScreen.Title>Leaving Acme Notes</IDPLogoutScreen.Title>
        <IDPLogoutScreen.Description />
        <IDPLogoutScreen.Actions>
          <IDPLogoutScreen.No>Stay signed in</IDPLogoutScreen.No>
          <IDPLogoutScreen.Yes>Log out</IDPLogoutScreen.Yes>
        </IDPLogoutScreen.Actions>
      </IDPLogoutScreen.Root>
    </IDPLogoutScreen.Provider>
  );
}
