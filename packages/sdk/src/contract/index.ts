// The request and response types of every /sdk/v1 endpoint and the product vocabulary's types
// (products.ts). Types only: the provider imports this entry point without pulling in any SDK runtime code; the
// mapping's values (CONTRACT_PRODUCTS, OTP_METHOD_PRODUCTS, contractProductsOf) are exported by `@latchkey/sdk`.
export type * from './common';
export type * from './cryptoWallets';
export type * from './idp';
export type * from './impersonation';
export type * from './magicLinks';
export type * from './oauth';
export type * from './otps';
export type * from './passwords';
export type * from './products';
export type * from './sessions';
export type * from './totps';
export type * from './user';
export type * from './userSearch';
export type * from './webauthn';
