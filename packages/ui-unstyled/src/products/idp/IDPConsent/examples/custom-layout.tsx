import { IDPConsentScreen } from '../IDPConsentScreen';
import { exampleConsent } from './fixtures';

/**
 * A re-arranged consent screen: the title first, a line of the host's own, the items each open, 'Deny' before
 * 'Allow' and reworded.
 */
export default function IDPConsentCustomLayoutExample() {
  const consent = exampleConsent();
  return (
    <IDPConsentScreen.Provider value={consent}>
      <IDPConsentScreen.Root>
        <IDPConsentScreen.Title />
        <p>You can disconnect Acme Notes at any time in your account settings.</p>
        <ul>
          {consent.manifest.flatMap((group) =>
            group.items.map((item) => <IDPConsentScreen.Item key={item.text} item={item} defaultOpen />),
          )}
        </ul>
        <IDPConsentScreen.Actions>
          <IDPConsentScreen.Deny>Not now</IDPConsentScreen.Deny>
          <IDPConsentScreen.Allow>Connect Acme Notes</IDPConsentScreen.Allow>
        </IDPConsentScreen.Actions>
      </IDPConsentScreen.Root>
    </IDPConsentScreen.Provider>
  );
}
