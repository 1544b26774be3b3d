// The default kit's look of the EmailConfirmation screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/EmailConfirmation', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
} from '../../../ui-unstyled/src/products/emailMagicLinks/EmailConfirmation/EmailConfirmationScreen.stories';
