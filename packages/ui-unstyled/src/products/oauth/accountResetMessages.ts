/**
 * The account-reset notice's name of what the provider's pre-hijacking reset removed of this product (`oauth_identities` of
 * `account_reset.removed`), joined into the notice's texts by the generated messages/productAccountResetMessages.ts.
 */
export const oauthAccountResetMessages = {
  'accountReset.item.oauth_identities': 'linked social accounts',
} as const;
