// The passkey product's hooks and descriptor (`passkeys` in SIGN_IN_PRODUCTS; the kits draw its screens).
export * from './configError';
export * from './passkeyErrors';
export * from './product';
export * from './queryOptions';
export * from './usePasskeyLogin';
export * from './usePasskeyRegistration';
export * from './usePasskeys';
