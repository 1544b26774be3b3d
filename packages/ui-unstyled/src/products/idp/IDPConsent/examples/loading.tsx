import { IDPConsentScreen } from '../IDPConsentScreen';
import { exampleConsent } from './fixtures';

/** The request is being checked: the spinner (role status, 'Loading'), the root `aria-busy`. */
export default function IDPConsentLoadingExample() {
  return (
    <IDPConsentScreen.Provider value={exampleConsent({ status: 'loading', view: 'loading' })}>
      <IDPConsentScreen.Layout />
    </IDPConsentScreen.Provider>
  );
}
