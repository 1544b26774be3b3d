import Basic from './examples/basic';
import CustomLayout from './examples/custom-layout';
import ErrorExample from './examples/error';
import Loading from './examples/loading';
import Verify from './examples/verify';

export default { title: 'Unstyled/PasskeyRegistrationStart' };

export { Basic, CustomLayout, ErrorExample as Error, Loading, Verify };
