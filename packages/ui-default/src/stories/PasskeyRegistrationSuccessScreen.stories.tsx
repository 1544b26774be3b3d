// The default kit's look of the PasskeyRegistrationSuccess screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/PasskeyRegistrationSuccess', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
} from '../../../ui-unstyled/src/products/passkeys/PasskeyRegistrationSuccess/PasskeyRegistrationSuccessScreen.stories';
