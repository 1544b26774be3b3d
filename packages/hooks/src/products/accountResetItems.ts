// What each product attaches to an account that the provider's pre-hijacking reset can remove, in the contract's
// order (each product's SDK contract registers its item in `AccountResetItemRegister`): `accountResetOf`
// (accountReset.ts) keeps these, then the account's own items. A registry: the one list of the products' items.
import type { AccountResetItem } from '@latchkey/sdk';

/** The products' reset items, in the contract's order. */
export const PRODUCT_ACCOUNT_RESET_ITEMS: readonly AccountResetItem[] = [
  'password',
  'passkeys',
  'crypto_wallets',
  'oauth_identities',
  'totp',
];
