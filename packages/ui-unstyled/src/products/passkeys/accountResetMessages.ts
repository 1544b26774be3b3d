/**
 * The account-reset notice's name of what the provider's pre-hijacking reset removed of this product (`passkeys` of
 * `account_reset.removed`), joined into the notice's texts by the generated messages/productAccountResetMessages.ts.
 */
export const passkeyAccountResetMessages = {
  'accountReset.item.passkeys': 'passkeys',
} as const;
