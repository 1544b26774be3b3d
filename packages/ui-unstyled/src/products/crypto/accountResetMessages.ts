/**
 * The account-reset notice's name of what the provider's pre-hijacking reset removed of this product (`crypto_wallets` of
 * `account_reset.removed`), joined into the notice's texts by the generated messages/productAccountResetMessages.ts.
 */
export const cryptoAccountResetMessages = {
  'accountReset.item.crypto_wallets': 'crypto wallets',
} as const;
