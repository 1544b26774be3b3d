// The default kit's look of Main's wallet block: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/CryptoWallets', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Loading,
  MoreWallets,
  NoWallet,
} from '../../../ui-unstyled/src/products/crypto/CryptoWallets/CryptoWallets.stories';
