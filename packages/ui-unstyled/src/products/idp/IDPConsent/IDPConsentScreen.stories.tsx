import Basic from './examples/basic';
import CustomLayout from './examples/custom-layout';
import CustomScopes from './examples/custom-scopes';
import Denied from './examples/denied';
import ErrorExample from './examples/error';
import Loading from './examples/loading';
import Reauthenticate from './examples/reauthenticate';
import Submitting from './examples/submitting';
import Success from './examples/success';

export default { title: 'Unstyled/IDPConsent' };

export {
  Basic,
  CustomLayout,
  CustomScopes,
  Denied,
  ErrorExample as Error,
  Loading,
  Reauthenticate,
  Submitting,
  Success,
};
