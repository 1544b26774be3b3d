import { describeSuccessScreen } from '../../../test/successScreenSuite';
import basic from './examples/basic';
import customLayout from './examples/custom-layout';
import error from './examples/error';
import loading from './examples/loading';
import { LoginSuccessScreen } from './LoginSuccessScreen';

describeSuccessScreen({
  name: 'LoginSuccessScreen',
  Screen: LoginSuccessScreen,
  message: 'You have successfully logged in.',
  examples: { basic, error, loading, 'custom-layout': customLayout },
});
