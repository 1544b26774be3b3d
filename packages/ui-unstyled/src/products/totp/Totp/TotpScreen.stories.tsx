import Basic from './examples/basic';
import Both from './examples/both';
import CustomLayout from './examples/custom-layout';
import ErrorExample from './examples/error';
import Loading from './examples/loading';
import Passkey from './examples/passkey';

export default { title: 'Unstyled/Totp' };

export { Basic, Both, CustomLayout, ErrorExample as Error, Loading, Passkey };
