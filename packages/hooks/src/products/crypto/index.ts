// The crypto wallet product's hooks and descriptor (`crypto` in SIGN_IN_PRODUCTS; the kits draw its screens).
export * from './product';
export * from './wallets';
