import { EVERY_WALLET } from '../../CryptoWallets/examples/fixtures';
import { CryptoOtherScreen } from '../CryptoOtherScreen';

/** Every wallet was found: the two Main had no room for. */
export default function CryptoOtherBasicExample() {
  return (
    <CryptoOtherScreen.Provider value={{ wallets: EVERY_WALLET.slice(5), choose: () => {}, back: () => {} }}>
      <CryptoOtherScreen.Layout />
    </CryptoOtherScreen.Provider>
  );
}
