// The products, one line each, by kind: the sign-in methods (first factors), then the second factors. The store
// (options and their defaults, configuration errors, tabs, its transition table), the Main screen, `preloadSignIn`
// and the kits' screen loaders read these lists; nothing else names the products.
import type { FormState } from '../signInStore';
import { cryptoProduct } from './crypto/product';
import { emailMagicLinksProduct } from './emailMagicLinks/product';
import { oauthProduct } from './oauth/product';
import { otpProduct } from './otp/product';
import { passkeysProduct } from './passkeys/product';
import { passwordsProduct } from './passwords/product';
import { totpProduct } from './totp/product';

/** Every available product, by key. */
export const SIGN_IN_PRODUCTS = {
  otp: otpProduct,
  emailMagicLinks: emailMagicLinksProduct,
  passwords: passwordsProduct,
  passkeys: passkeysProduct,
  oauth: oauthProduct,
  crypto: cryptoProduct,
} as const;

/** The key of a product that is available today. */
export type AvailableProduct = keyof typeof SIGN_IN_PRODUCTS;

/**
 * Every available second factor, by key: a sign-in store offers them all unless told otherwise, and composes their
 * rows (what follows a partial authentication) into its table.
 */
export const SECOND_FACTOR_PRODUCTS = {
  totp: totpProduct,
} as const;

/** The key of a second factor that is available today. */
export type AvailableSecondFactor = keyof typeof SECOND_FACTOR_PRODUCTS;

/** The products of a configuration that lists none (`resolveSignInConfig`): email magic links. */
export const DEFAULT_PRODUCTS: readonly AvailableProduct[] = ['emailMagicLinks'];

/** The products' parts of a new store's form state (`createSignInStore`), each empty. */
export function initialProductFormState() {
  return {
    magicLinkState: { email: '' },
    otpState: { type: 'email', methodId: '', otpDestination: '' },
    // DEFAULT_WALLET_OPTION's value, written out: importing wallets.ts would put the wallet list in every first load.
    cryptoState: { walletAddress: '', walletOption: 'Metamask', walletChallenge: '' },
    passwordState: { email: '', type: null },
    resetPasswordState: { token: '', tokenType: null },
  } satisfies Partial<FormState>;
}
