import { CRYPTO_CONNECT_ERROR } from '@latchkey/hooks';
import { CryptoErrorScreen } from '../../CryptoError/CryptoErrorScreen';

/** The list has no error state of its own: a wallet that refuses to connect ends on CryptoError. */
export default function CryptoOtherErrorExample() {
  return (
    <CryptoErrorScreen.Provider
      value={{ error: { type: 'crypto_connect_failed', message: CRYPTO_CONNECT_ERROR }, back: () => {} }}
    >
      <CryptoErrorScreen.Layout />
    </CryptoErrorScreen.Provider>
  );
}
