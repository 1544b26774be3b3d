// The default kit's look of the PasswordCreateOrLogin screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/PasswordCreateOrLogin', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
  Luds,
  NewUser,
  Passwordless,
} from '../../../ui-unstyled/src/products/passwords/PasswordCreateOrLogin/PasswordCreateOrLoginScreen.stories';
