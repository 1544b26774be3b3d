import { IDPLogoutScreen } from '../IDPLogoutScreen';
import { exampleLogout } from './fixtures';

/** Logged out, and the application named no post-logout URI: 'You have been logged out. You may close this page.'. */
export default function IDPLogoutLoggedOutExample() {
  return (
    <IDPLogoutScreen.Provider value={exampleLogout({ status: 'logged_out', view: 'logged_out' })}>
      <IDPLogoutScreen.Layout />
    </IDPLogoutScreen.Provider>
  );
}
