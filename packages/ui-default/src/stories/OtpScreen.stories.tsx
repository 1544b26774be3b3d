// The default kit's look of the Otp screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/Otp', decorators: [withTheme] };

export { Basic, CustomLayout, Error, Loading } from '../../../ui-unstyled/src/products/otp/Otp/OtpScreen.stories';
