import { IDPConsentScreen } from '../IDPConsentScreen';
import { exampleConsent } from './fixtures';

/** 'Sign in to Acme Notes with Latchkey Playground': standard scopes under 'Acme Notes is requesting to:'. */
export default function IDPConsentBasicExample() {
  return (
    <IDPConsentScreen.Provider value={exampleConsent()}>
      <IDPConsentScreen.Layout />
    </IDPConsentScreen.Provider>
  );
}
