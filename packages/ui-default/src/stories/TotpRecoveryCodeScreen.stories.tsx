// The default kit's look of the TotpRecoveryCode screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/TotpRecoveryCode', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
} from '../../../ui-unstyled/src/products/totp/TotpRecoveryCode/TotpRecoveryCodeScreen.stories';
