// The kit's half of the TOTP second factor: the chunk of its screens. A sign-in store offers the registered second
// factors (its `productKeys`), so the screen loaders search this chunk with the widget's own products' when a first
// factor's partial authentication leads to TotpAuthenticate (the hooks' TOTP rows). Only the loader is in a sign-in
// page's first load; the screens are one chunk behind it.
import { totpProduct } from '@latchkey/hooks';
import { defineSecondFactorKit, loadOnce } from '../defineProductKit';

/** Downloads the TOTP chunk (its screens and texts) once. */
export const loadTotpChunk = loadOnce(() => import('./chunk'));

/** The TOTP second factor's kit descriptor. */
export const totpKit = defineSecondFactorKit({ product: totpProduct, load: loadTotpChunk });
