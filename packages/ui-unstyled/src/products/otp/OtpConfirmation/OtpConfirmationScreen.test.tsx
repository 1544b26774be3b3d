import { describeSuccessScreen } from '../../../../test/successScreenSuite';
import basic from './examples/basic';
import customLayout from './examples/custom-layout';
import error from './examples/error';
import loading from './examples/loading';
import { OtpConfirmationScreen } from './OtpConfirmationScreen';

describeSuccessScreen({
  name: 'OtpConfirmationScreen',
  Screen: OtpConfirmationScreen,
  message: 'Your passcode has been successfully verified.',
  examples: { basic, error, loading, 'custom-layout': customLayout },
});
