// The passkey product's hooks and descriptor (standalone: `passkeys` is not in SIGN_IN_PRODUCTS until the kits
// have its screens).
export * from './passkeyErrors';
export * from './product';
export * from './usePasskeyLogin';
export * from './usePasskeyRegistration';
export * from './usePasskeys';
