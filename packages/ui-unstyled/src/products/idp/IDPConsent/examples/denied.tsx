import { IDPConsentScreen } from '../IDPConsentScreen';
import { exampleConsent } from './fixtures';

/** After 'Deny': 'Access to the application was denied.'. */
export default function IDPConsentDeniedExample() {
  return (
    <IDPConsentScreen.Provider value={exampleConsent({ status: 'denied', view: 'denied' })}>
      <IDPConsentScreen.Layout />
    </IDPConsentScreen.Provider>
  );
}
