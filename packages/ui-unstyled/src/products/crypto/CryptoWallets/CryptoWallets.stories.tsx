import Basic from './examples/basic';
import CustomLayout from './examples/custom-layout';
import Loading from './examples/loading';
import MoreWallets from './examples/more-wallets';
import NoWallet from './examples/no-wallet';

export default { title: 'Unstyled/CryptoWallets' };

export { Basic, CustomLayout, Loading, MoreWallets, NoWallet };
