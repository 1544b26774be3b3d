// The default kit's look of the PasskeyRegistrationStart screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/PasskeyRegistrationStart', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
  Verify,
} from '../../../ui-unstyled/src/products/passkeys/PasskeyRegistrationStart/PasskeyRegistrationStartScreen.stories';
