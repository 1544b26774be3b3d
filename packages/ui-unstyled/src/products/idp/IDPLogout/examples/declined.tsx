import { IDPLogoutScreen } from '../IDPLogoutScreen';
import { exampleLogout } from './fixtures';

/** After 'No': 'You have not been logged out. You may close this page.'. */
export default function IDPLogoutDeclinedExample() {
  return (
    <IDPLogoutScreen.Provider value={exampleLogout({ status: 'denied', view: 'declined' })}>
      <IDPLogoutScreen.Layout />
    </IDPLogoutScreen.Provider>
  );
}
