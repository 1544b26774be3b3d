import { createScreenContext } from '../../../screens/shared/screenContext';
import type { UseIDPConsentScreenReturn } from './useIDPConsentScreen';

/** The consent screen's state for its parts (`IDPConsentScreen.Provider`). */
export const { Provider: IDPConsentScreenProvider, useScreenContext: useIDPConsentScreenContext } =
  createScreenContext<UseIDPConsentScreenReturn>('IDPConsentScreen');

/** The consent screen's `data-scope`. */
export const CONSENT_SCOPE = 'idp-consent';
