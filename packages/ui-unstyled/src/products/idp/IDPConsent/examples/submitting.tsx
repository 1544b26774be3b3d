import { IDPConsentScreen } from '../IDPConsentScreen';
import { exampleConsent } from './fixtures';

/** 'Allow' was pressed: both buttons disabled, 'Allow' busy with a spinner. */
export default function IDPConsentSubmittingExample() {
  return (
    <IDPConsentScreen.Provider
      value={exampleConsent({ status: 'submitting', isSubmitting: true, pendingAction: 'allow' })}
    >
      <IDPConsentScreen.Layout />
    </IDPConsentScreen.Provider>
  );
}
