import Basic from './examples/basic';
import CustomLayout from './examples/custom-layout';
import Declined from './examples/declined';
import ErrorExample from './examples/error';
import Loading from './examples/loading';
import LoggedOut from './examples/logged-out';
import LoggingOut from './examples/logging-out';

export default { title: 'Unstyled/IDPLogout' };

export { Basic, CustomLayout, Declined, ErrorExample as Error, Loading, LoggedOut, LoggingOut };
