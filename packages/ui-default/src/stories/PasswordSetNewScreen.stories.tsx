// The default kit's look of the PasswordSetNew screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/PasswordSetNew', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
} from '../../../ui-unstyled/src/products/passwords/PasswordSetNew/PasswordSetNewScreen.stories';
