/**
 * The texts of the crypto wallet product (Main's wallet buttons, CryptoOtherScreen, CryptoSetupWallet,
 * CryptoConnect, CryptoSignMessage, CryptoConfirmation, CryptoError), in its chunk. The quoted texts of the spec
 * are verbatim; the spec gives no wording for the other wallets' title, the set-up instruction or the pop-up
 * sentences, so those are ours, short and plain.
 */
export const cryptoMessages = {
  // Main's wallet block and CryptoOtherScreen: social buttons read 'Continue with {provider}', wallets too
  'cryptoWallets.continueWith': 'Continue with {wallet}',
  'cryptoWallets.other': 'Continue with other Crypto Wallet',
  'cryptoWallets.setUp': 'Set up a new crypto wallet',
  // The two options that are no brand name (the others are shown as the spec spells them)
  'cryptoWallets.otherEthereum': 'Other Ethereum Wallet',
  'cryptoWallets.otherSolana': 'Other Solana Wallet',

  // CryptoOtherScreen
  'cryptoOther.title': 'Other crypto wallets',

  // CryptoSetupWallet
  'cryptoSetupWallet.title': 'Set up a new crypto wallet',
  'cryptoSetupWallet.instruction': 'Install one of these wallets, then reload this page to log in with it.',
  'cryptoSetupWallet.download': 'Download {wallet}',

  // CryptoConnect
  'cryptoConnect.title': 'Connecting to your wallet...',
  'cryptoConnect.description': 'Finish connecting in the pop-up from your wallet.',

  // CryptoSignMessage
  'cryptoSignMessage.title': 'Completing signature request...',
  'cryptoSignMessage.description': 'Sign the message in the pop-up from your wallet to log in.',

  // CryptoConfirmation
  'cryptoConfirmation.title': 'Success!',
  'cryptoConfirmation.description': 'You have successfully connected your wallet.',

  // CryptoError: the spec's title and text, then what happened in a plain sentence, and 'Try again'
  'cryptoError.title': 'Looks like there was an error!',
  'cryptoError.signRefused': 'Your wallet did not sign the message, so you are not logged in.',
  'cryptoError.connectRefused': 'Your wallet did not connect, so you are not logged in.',
  'cryptoError.tryAgain': 'Try again',
  'cryptoError.description':
    'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
} as const;
