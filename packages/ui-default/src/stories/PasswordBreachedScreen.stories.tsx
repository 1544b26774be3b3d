// The default kit's look of the PasswordBreached screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/PasswordBreached', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
} from '../../../ui-unstyled/src/products/passwords/PasswordBreached/PasswordBreachedScreen.stories';
