// The default kit's look of the OtpConfirmation screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/OtpConfirmation', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
} from '../../../ui-unstyled/src/products/otp/OtpConfirmation/OtpConfirmationScreen.stories';
