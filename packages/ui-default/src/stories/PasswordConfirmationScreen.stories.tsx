// The default kit's look of the PasswordConfirmation screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/PasswordConfirmation', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
} from '../../../ui-unstyled/src/products/passwords/PasswordConfirmation/PasswordConfirmationScreen.stories';
