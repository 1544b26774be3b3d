import Basic from './examples/basic';
import CustomLayout from './examples/custom-layout';
import ErrorExample from './examples/error';
import EveryProvider from './examples/every-provider';
import Loading from './examples/loading';

export default { title: 'Unstyled/SocialSignIn' };

export { Basic, CustomLayout, ErrorExample as Error, EveryProvider, Loading };
