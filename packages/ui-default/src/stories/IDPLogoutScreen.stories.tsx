// The default kit's look of IDPConsent's logout confirmation: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/IDPLogout', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Declined,
  Error,
  Loading,
  LoggedOut,
  LoggingOut,
} from '../../../ui-unstyled/src/products/idp/IDPLogout/IDPLogoutScreen.stories';
