// The default kit's look of the TotpEnrollment component: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/TotpEnrollment', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
  RecoveryCodes,
} from '../../../ui-unstyled/src/products/totp/TotpEnrollment/TotpEnrollment.stories';
