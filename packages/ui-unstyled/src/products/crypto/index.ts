// The crypto wallet product's screens and Main-screen block (public exports).
export * from './CryptoConfirmation/CryptoConfirmationScreen';
export * from './CryptoConnect/CryptoConnectScreen';
export * from './CryptoError/CryptoErrorScreen';
export * from './CryptoOther/CryptoOtherScreen';
export * from './CryptoSetupWallet/CryptoSetupWalletScreen';
export * from './CryptoSignMessage/CryptoSignMessageScreen';
export * from './CryptoWallets/CryptoWallets';
export * from './kit';
export * from './WalletIcon';
