// The default kit's look of the CryptoSignMessage screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/CryptoSignMessage', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
} from '../../../ui-unstyled/src/products/crypto/CryptoSignMessage/CryptoSignMessageScreen.stories';
