// The default kit's look of the Totp screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/Totp', decorators: [withTheme] };

export {
  Basic,
  Both,
  CustomLayout,
  Error,
  Loading,
  Passkey,
} from '../../../ui-unstyled/src/products/totp/Totp/TotpScreen.stories';
