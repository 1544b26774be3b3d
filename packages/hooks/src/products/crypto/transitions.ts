// The crypto transitions: Main → CryptoConnect (wallet chosen) → CryptoSignMessage (challenge received) →
// CryptoConfirmation; any failure in start, sign or authenticate → CryptoError. The wallet flow hook imports them
// and hands them to the store with its events (`useFlowContext`'s rows), so they load with the wallet chunk and a
// page without wallets does not carry them.
import type { Rows } from '../../transition';
import { clearError, storeDescriptor } from '../../transitionParts';
import type { WalletOption } from './wallets';

/** What the wallet flow reports. */
export type CryptoEvent =
  /** A wallet button was chosen: → CryptoConnect, the option stored (address and challenge cleared). */
  | { type: 'cryptoWalletChosen'; walletOption: WalletOption }
  /** The wallet gave its address and the provider its challenge: → CryptoSignMessage, both stored. */
  | { type: 'cryptoChallengeReceived'; walletAddress: string; walletChallenge: string }
  /** The signature was accepted and the user signed in: → CryptoConfirmation. */
  | { type: 'cryptoAuthenticated' }
  /** Connecting, starting, signing or authenticating failed: → CryptoError, descriptor stored. */
  | { type: 'cryptoFailed'; descriptor: { messageId: string; message: string } };

/** The crypto rows of the widget's transition table. */
export const CRYPTO_TRANSITIONS: Rows<CryptoEvent['type']> = {
  cryptoWalletChosen: {
    to: 'CryptoConnect',
    store: (event) => ({
      cryptoState: { walletOption: event.walletOption, walletAddress: '', walletChallenge: '' },
      errorDescriptor: null,
    }),
  },
  cryptoChallengeReceived: {
    to: 'CryptoSignMessage',
    store: (event, form) => ({
      cryptoState: { ...form.cryptoState, walletAddress: event.walletAddress, walletChallenge: event.walletChallenge },
    }),
  },
  cryptoAuthenticated: { to: 'CryptoConfirmation', store: clearError },
  cryptoFailed: { to: 'CryptoError', store: storeDescriptor },
};

// Its events join the widget's `ProductEvent` by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface ProductEventRegister {
    crypto: CryptoEvent;
  }
}
