// The default kit's look of Main's social block: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/SocialSignIn', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  EveryProvider,
  Loading,
} from '../../../ui-unstyled/src/products/oauth/SocialSignIn/SocialSignIn.stories';
