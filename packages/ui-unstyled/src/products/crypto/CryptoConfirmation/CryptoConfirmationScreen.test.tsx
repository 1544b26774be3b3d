import { describeSuccessScreen } from '../../../../test/successScreenSuite';
import { CryptoConfirmationScreen } from './CryptoConfirmationScreen';
import basic from './examples/basic';
import customLayout from './examples/custom-layout';
import error from './examples/error';
import loading from './examples/loading';

describeSuccessScreen({
  name: 'CryptoConfirmationScreen',
  Screen: CryptoConfirmationScreen,
  message: 'You have successfully connected your wallet.',
  examples: { basic, error, loading, 'custom-layout': customLayout },
});
