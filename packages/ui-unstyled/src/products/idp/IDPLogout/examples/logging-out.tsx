import { IDPLogoutScreen } from '../IDPLogoutScreen';
import { exampleLogout } from './fixtures';

/** 'Yes' was pressed: both buttons disabled, 'Yes' busy with a spinner while the session is revoked. */
export default function IDPLogoutLoggingOutExample() {
  return (
    <IDPLogoutScreen.Provider value={exampleLogout({ status: 'logging_out', isLoggingOut: true })}>
      <IDPLogoutScreen.Layout />
    </IDPLogoutScreen.Provider>
  );
}
