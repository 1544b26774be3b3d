import { OtpConfirmationScreen } from '../OtpConfirmationScreen';

/** A re-arranged success screen: the title first, no graphic, a link of the host's own. */
export default function OtpConfirmationCustomLayoutExample() {
  return (
    <OtpConfirmationScreen.Provider value={{}}>
      <OtpConfirmationScreen.Root>
        <OtpConfirmationScreen.Title />
        <OtpConfirmationScreen.Description />
        <a href="/dashboard">Go to your dashboard</a>
      </OtpConfirmationScreen.Root>
    </OtpConfirmationScreen.Provider>
  );
}
