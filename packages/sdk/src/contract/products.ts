// The one product vocabulary shared by the kits and the provider. The widget configures products by the keys
// of its config (`emailMagicLinks`, `otp` with its methods, `passwords`); the /sdk/v1 contract and the
// provider's project config name what a project switches on (`email_magic_links`, `email_otp`, …). This file is
// the only mapping between the two: the kits import it through `@latchkey/sdk` (values and types), the provider
// its types through `@latchkey/sdk/contract` (types only: its `PRODUCTS` list `satisfies ContractProduct[]`).

/** The sign-in methods a project can switch on (provider config `project.products`, bootstrap). */
export const CONTRACT_PRODUCTS = [
  'email_otp',
  'sms_otp',
  'whatsapp_otp',
  'email_magic_links',
  'passwords',
  'webauthn',
] as const;
/** One sign-in method a project can switch on. */
export type ContractProduct = (typeof CONTRACT_PRODUCTS)[number];

/** A product of the widget's configuration (`products`), by its config key. */
export type WidgetProduct = 'emailMagicLinks' | 'otp' | 'passwords' | 'oauth' | 'crypto' | 'passkeys';
/** Where a one-time passcode is sent (`otpOptions.methods`). */
export type OtpMethod = 'email' | 'sms' | 'whatsapp';

/** The contract product of each passcode method. */
export const OTP_METHOD_PRODUCTS: Readonly<Record<OtpMethod, ContractProduct>> = {
  email: 'email_otp',
  sms: 'sms_otp',
  whatsapp: 'whatsapp_otp',
};

/** The contract products of the widget's products that exist today (a passcode product by its methods). */
export function contractProductsOf(products: readonly WidgetProduct[], otpMethods: readonly OtpMethod[] = []) {
  const names: ContractProduct[] = [];
  for (const product of products) {
    if (product === 'emailMagicLinks') names.push('email_magic_links');
    else if (product === 'passwords') names.push('passwords');
    else if (product === 'otp') for (const method of otpMethods) names.push(OTP_METHOD_PRODUCTS[method]);
  }
  return [...new Set(names)];
}
