// The default kit's look of the CryptoConnect screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/CryptoConnect', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
} from '../../../ui-unstyled/src/products/crypto/CryptoConnect/CryptoConnectScreen.stories';
