// The products' react-query keys, which `latchkeyQueryKeys` (queryOptions.ts) adds to the core's: a product with
// server state of its own adds its keys object here.
import { passkeysQueryKeys } from './passkeys/queryOptions';
import { passwordsQueryKeys } from './passwords/queryOptions';

/** Every product's query keys, by name. */
export const PRODUCT_QUERY_KEYS = { ...passwordsQueryKeys, ...passkeysQueryKeys };
