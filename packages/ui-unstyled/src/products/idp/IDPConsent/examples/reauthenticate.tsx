import { IDPConsentScreen } from '../IDPConsentScreen';
import { exampleConsent, exampleTranslate } from './fixtures';

/**
 * The application asked for a fresh sign-in (`prompt=login`): the session was ended; the text says why, then the
 * host's sign-in form (here a stand-in) follows.
 */
export default function IDPConsentReauthenticateExample() {
  return (
    <IDPConsentScreen.Provider
      value={exampleConsent({
        status: 'reauthenticate',
        view: 'sign_in',
        signInMessage: exampleTranslate('idpReauthenticate.login', { clientName: 'Acme Notes' }),
        signIn: <p>The host's sign-in form shows here.</p>,
      })}
    >
      <IDPConsentScreen.Layout />
    </IDPConsentScreen.Provider>
  );
}
