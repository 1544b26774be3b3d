// The default kit's look of the PasswordDedupe screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/PasswordDedupe', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
} from '../../../ui-unstyled/src/products/passwords/PasswordDedupe/PasswordDedupeScreen.stories';
