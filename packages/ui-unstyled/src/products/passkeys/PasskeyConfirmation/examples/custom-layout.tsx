import { PasskeyConfirmationScreen } from '../PasskeyConfirmationScreen';

/** A re-arranged success screen: the title first, no graphic, a link of the host's own. */
export default function PasskeyConfirmationCustomLayoutExample() {
  return (
    <PasskeyConfirmationScreen.Provider value={{}}>
      <PasskeyConfirmationScreen.Root>
        <PasskeyConfirmationScreen.Title />
        <PasskeyConfirmationScreen.Description />
        <a href="/dashboard">Go to your dashboard</a>
      </PasskeyConfirmationScreen.Root>
    </PasskeyConfirmationScreen.Provider>
  );
}
