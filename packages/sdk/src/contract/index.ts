// The request and response types of every /sdk/v1 endpoint (contract.md), and the product vocabulary
// (products.ts: a few constants, no SDK runtime code), so the provider can import this entry point alone.
export type * from './common';
export type * from './cryptoWallets';
export type * from './idp';
export type * from './impersonation';
export type * from './magicLinks';
export type * from './oauth';
export type * from './otps';
export type * from './passwords';
export * from './products';
export type * from './sessions';
export type * from './totps';
export type * from './user';
export type * from './userSearch';
export type * from './webauthn';
