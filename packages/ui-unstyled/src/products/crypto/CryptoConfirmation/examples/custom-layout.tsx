import { CryptoConfirmationScreen } from '../CryptoConfirmationScreen';

/** A re-arranged success screen: the title first, no graphic, a link of the host's own. */
export default function CryptoConfirmationCustomLayoutExample() {
  return (
    <CryptoConfirmationScreen.Provider value={{}}>
      <CryptoConfirmationScreen.Root>
        <CryptoConfirmationScreen.Title />
        <CryptoConfirmationScreen.Description />
        <a href="/dashboard">Go to your dashboard</a>
      </CryptoConfirmationScreen.Root>
    </CryptoConfirmationScreen.Provider>
  );
}
