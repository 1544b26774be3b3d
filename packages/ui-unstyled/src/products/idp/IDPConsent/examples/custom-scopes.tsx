import { IDPConsentScreen } from '../IDPConsentScreen';
import { exampleCustomScopesConsent } from './fixtures';

/**
 * 'Acme Notes wants to access your Latchkey Playground account': a custom scope under 'Allow Acme Notes to:', and the
 * box of the two scopes this user cannot grant.
 */
export default function IDPConsentCustomScopesExample() {
  return (
    <IDPConsentScreen.Provider value={exampleCustomScopesConsent()}>
      <IDPConsentScreen.Layout />
    </IDPConsentScreen.Provider>
  );
}
