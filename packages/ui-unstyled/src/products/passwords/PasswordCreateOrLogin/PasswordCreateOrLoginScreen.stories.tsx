import Basic from './examples/basic';
import CustomLayout from './examples/custom-layout';
import ErrorExample from './examples/error';
import Loading from './examples/loading';
import Luds from './examples/luds';
import NewUser from './examples/new-user';
import Passwordless from './examples/passwordless';

export default { title: 'Unstyled/PasswordCreateOrLogin' };

export { Basic, CustomLayout, ErrorExample as Error, Loading, Luds, NewUser, Passwordless };
