import { IDPLogoutScreen } from '../IDPLogoutScreen';
import { exampleLogout } from './fixtures';

/** 'Log out?', 'Are you sure you want to log out of your Latchkey Playground account?', 'Yes' and 'No'. */
export default function IDPLogoutBasicExample() {
  return (
    <IDPLogoutScreen.Provider value={exampleLogout()}>
      <IDPLogoutScreen.Layout />
    </IDPLogoutScreen.Provider>
  );
}
