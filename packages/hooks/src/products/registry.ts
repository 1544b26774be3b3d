// The sign-in products, one line each. The store (options and their defaults, configuration errors, tabs), the
// Main screen, `preloadSignIn` and the kits' screen loaders read this list; nothing else names the products.
import { cryptoProduct } from './crypto/product';
import { emailMagicLinksProduct } from './emailMagicLinks/product';
import { oauthProduct } from './oauth/product';
import { otpProduct } from './otp/product';
import { passkeysProduct } from './passkeys/product';
import { passwordsProduct } from './passwords/product';

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
