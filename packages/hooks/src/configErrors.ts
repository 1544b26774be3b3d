/** Shown when magic links and email passcodes are both configured. */
export const EML_AND_EMAIL_OTP_ERROR = 'Error: Cannot use both EML and Email OTP';
/** Shown when passkeys are the only configured product. */
export const PASSKEYS_ALONE_ERROR = 'Error: Cannot use Passkeys by itself, please add another product to the config.';

/** A name in `products` that is no product. */
export function unknownProductError(product: string, available: readonly string[]): string {
  return `Error: Unknown product '${product}' in products. Use ${available.join(', ')}.`;
}
/** A configuration key (or a product option) that the widget does not know, usually a misspelling. */
export function unknownOptionError(path: string): string {
  return `Error: Unknown configuration option '${path}'.`;
}
