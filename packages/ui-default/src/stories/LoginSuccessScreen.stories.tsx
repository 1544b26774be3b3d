// The default kit's look of the LoginSuccess screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/LoginSuccess', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
} from '../../../ui-unstyled/src/screens/LoginSuccess/LoginSuccessScreen.stories';
