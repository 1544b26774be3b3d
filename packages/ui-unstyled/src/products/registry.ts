// The kit's products, one line each (the hooks' registry lists the same keys; the type below makes a product
// without its kit line a type error). The screen loaders, the Main screen's forms and `preloadSignIn` read this.
// Main draws the products' blocks in this order of kinds: the passkey button first, then the social
// buttons, then the wallet buttons.
import type { AvailableProduct, AvailableSecondFactor } from '@latchkey/hooks';
import { cryptoKit } from './crypto/kit';
import type { ProductKit, SecondFactorKit } from './defineProductKit';
import { emailMagicLinksKit } from './emailMagicLinks/kit';
import { oauthKit } from './oauth/kit';
import { otpKit } from './otp/kit';
import { passkeysKit } from './passkeys/kit';
import { passwordsKit } from './passwords/kit';
import { totpKit } from './totp/kit';

/** Every available product's kit descriptor, by key. */
export const PRODUCT_KITS: Readonly<Record<AvailableProduct, ProductKit>> = {
  emailMagicLinks: emailMagicLinksKit as ProductKit,
  otp: otpKit as ProductKit,
  passwords: passwordsKit as ProductKit,
  passkeys: passkeysKit as ProductKit,
  oauth: oauthKit as ProductKit,
  crypto: cryptoKit as ProductKit,
};

/** Every available second factor's kit descriptor, by key (the hooks' `SECOND_FACTOR_PRODUCTS` lists the same keys). */
export const SECOND_FACTOR_KITS: Readonly<Record<AvailableSecondFactor, SecondFactorKit>> = {
  totp: totpKit,
};
