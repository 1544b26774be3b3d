import { describeSuccessScreen } from '../../../../test/successScreenSuite';
import basic from './examples/basic';
import customLayout from './examples/custom-layout';
import error from './examples/error';
import loading from './examples/loading';
import { PasskeyConfirmationScreen } from './PasskeyConfirmationScreen';

describeSuccessScreen({
  name: 'PasskeyConfirmationScreen',
  Screen: PasskeyConfirmationScreen,
  message: 'Your Passkey has been successfully authenticated.',
  examples: { basic, error, loading, 'custom-layout': customLayout },
});
