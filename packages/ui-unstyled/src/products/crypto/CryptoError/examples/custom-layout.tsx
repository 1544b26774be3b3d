import { CRYPTO_SIGN_ERROR } from '@latchkey/hooks';
import { CryptoErrorScreen } from '../CryptoErrorScreen';

/** A re-arranged error screen: the reason under the spec's text, the back control as a worded button. */
export default function CryptoErrorCustomLayoutExample() {
  const value = { error: { type: 'crypto_sign_failed', message: CRYPTO_SIGN_ERROR }, back: () => {} };
  return (
    <CryptoErrorScreen.Provider value={value}>
      <CryptoErrorScreen.Root>
        <CryptoErrorScreen.Title />
        <CryptoErrorScreen.Description />
        <p>{value.error.message}</p>
        <CryptoErrorScreen.Back aria-label={undefined}>Try another wallet</CryptoErrorScreen.Back>
      </CryptoErrorScreen.Root>
    </CryptoErrorScreen.Provider>
  );
}
