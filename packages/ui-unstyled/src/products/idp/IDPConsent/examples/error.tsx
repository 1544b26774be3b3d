import { IDPConsentScreen } from '../IDPConsentScreen';
import { exampleConsent, exampleTranslate } from './fixtures';

/** The page was opened without `redirect_uri`: the error screen with the spec's text. */
export default function IDPConsentErrorExample() {
  return (
    <IDPConsentScreen.Provider
      value={exampleConsent({
        status: 'error',
        view: 'error',
        errorMessage: exampleTranslate('idpError.missingParameter', { param: 'redirect_uri' }),
      })}
    >
      <IDPConsentScreen.Layout />
    </IDPConsentScreen.Provider>
  );
}
