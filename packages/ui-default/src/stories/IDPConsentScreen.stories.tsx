// The default kit's look of the IDPConsent consent screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/IDPConsent', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  CustomScopes,
  Denied,
  Error,
  Loading,
  Reauthenticate,
  Submitting,
  Success,
} from '../../../ui-unstyled/src/products/idp/IDPConsent/IDPConsentScreen.stories';
