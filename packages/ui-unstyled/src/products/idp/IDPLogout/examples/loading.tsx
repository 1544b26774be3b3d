import { IDPLogoutScreen } from '../IDPLogoutScreen';
import { exampleLogout } from './fixtures';

/** The request is being checked: the spinner (role status, 'Loading'), the root `aria-busy`. */
export default function IDPLogoutLoadingExample() {
  return (
    <IDPLogoutScreen.Provider value={exampleLogout({ status: 'loading', view: 'loading' })}>
      <IDPLogoutScreen.Layout />
    </IDPLogoutScreen.Provider>
  );
}
