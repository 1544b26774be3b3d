// The default kit's look of the PasswordResetForm screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/PasswordResetForm', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
} from '../../../ui-unstyled/src/products/passwords/PasswordResetForm/PasswordResetFormScreen.stories';
