// The default kit's look of the CryptoSetupWallet screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/CryptoSetupWallet', decorators: [withTheme] };

export {
  Basic,
  CustomLayout,
  Error,
  Loading,
} from '../../../ui-unstyled/src/products/crypto/CryptoSetupWallet/CryptoSetupWalletScreen.stories';
