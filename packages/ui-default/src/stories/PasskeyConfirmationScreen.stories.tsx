// The default kit's look of the PasskeyConfirmation screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/PasskeyConfirmation', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
} from '../../../ui-unstyled/src/products/passkeys/PasskeyConfirmation/PasskeyConfirmationScreen.stories';
