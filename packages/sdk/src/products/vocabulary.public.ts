// The mapping between the widget's products and the contract's (the types are src/contract/products.ts, each key
// registered by its product's contract): the kits import it through `@latchkey/sdk`, the provider its types through
// `@latchkey/sdk/contract` (its `PRODUCTS` list `satisfies ContractProduct[]`). A registry: the one list of the
// contract products a project can switch on.
import type { ContractProduct, WidgetProduct } from '../contract/products';
import type { OtpMethod } from './otps.contract';

/** The sign-in methods a project can switch on (provider config `project.products`, bootstrap). */
export const CONTRACT_PRODUCTS = [
  'email_otp',
  'sms_otp',
  'whatsapp_otp',
  'email_magic_links',
  'passwords',
  'webauthn',
] as const satisfies readonly ContractProduct[];

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
