// The crypto wallet product's hooks and descriptor (`crypto` in SIGN_IN_PRODUCTS; the kits draw its screens).
export { CRYPTO_CONNECT_ERROR, CRYPTO_SIGN_ERROR, type CryptoErrorType } from './cryptoErrors';
export * from './product';
export * from './transitions';
export * from './useCryptoWalletFlow';
export * from './useWallets';
export * from './wallets';
