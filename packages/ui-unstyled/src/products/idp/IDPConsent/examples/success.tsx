import { IDPConsentScreen } from '../IDPConsentScreen';
import { exampleConsent } from './fixtures';

/** After 'Allow': the success view while the browser leaves for the client. */
export default function IDPConsentSuccessExample() {
  return (
    <IDPConsentScreen.Provider value={exampleConsent({ status: 'complete', view: 'success' })}>
      <IDPConsentScreen.Layout />
    </IDPConsentScreen.Provider>
  );
}
