/**
 * The account-reset notice's name of what the provider's pre-hijacking reset removed of this product (`totp` of
 * `account_reset.removed`), joined into the notice's texts by the generated messages/productAccountResetMessages.ts.
 */
export const totpAccountResetMessages = {
  'accountReset.item.totp': 'an authenticator app',
} as const;

/** Named in the singular ('an authenticator app'): alone it takes 'was'. */
export const totpAccountResetSingularItems = ['totp'];
