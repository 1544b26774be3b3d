// The configuration errors every configuration can meet; a product's own rule and message are in its folder
// (its descriptor's `configError` and `aloneError`).

/** A name in `products` that is no product. */
export function unknownProductError(product: string, available: readonly string[]): string {
  return `Error: Unknown product '${product}' in products. Use ${available.join(', ')}.`;
}
/** A configuration key (or a product option) that the widget does not know, usually a misspelling. */
export function unknownOptionError(path: string): string {
  return `Error: Unknown configuration option '${path}'.`;
}
