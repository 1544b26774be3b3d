import { CRYPTO_CONNECT_ERROR } from '@latchkey/hooks';
import { CryptoErrorScreen } from '../../CryptoError/CryptoErrorScreen';

/** The connection has no error state of its own: a refused pop-up goes to CryptoError. */
export default function CryptoConnectErrorExample() {
  return (
    <CryptoErrorScreen.Provider
      value={{ error: { type: 'crypto_connect_failed', message: CRYPTO_CONNECT_ERROR }, back: () => {} }}
    >
      <CryptoErrorScreen.Layout />
    </CryptoErrorScreen.Provider>
  );
}
