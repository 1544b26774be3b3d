import Basic from './examples/basic';
import CustomLayout from './examples/custom-layout';
import ErrorExample from './examples/error';
import Loading from './examples/loading';

export default { title: 'Unstyled/CryptoSetupWallet' };

export { Basic, CustomLayout, ErrorExample as Error, Loading };
