/**
 * The account-reset notice's name of what the provider's pre-hijacking reset removed of this product (`password` of
 * `account_reset.removed`), joined into the notice's texts by the generated messages/productAccountResetMessages.ts.
 */
export const passwordAccountResetMessages = {
  'accountReset.item.password': 'a password',
} as const;

/** Named in the singular ('a password'): alone it takes 'was'. */
export const passwordAccountResetSingularItems = ['password'];
