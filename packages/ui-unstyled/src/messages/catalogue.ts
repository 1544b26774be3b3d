import { accountResetMessages } from './accountReset';
import { errorMessages } from './errors';
import { identifierVerificationMessages } from './identifierVerification';
import { mainMessages } from './main';
import { productMessages } from './productCatalogue';

/**
 * Every user-facing text of the kits, in English, keyed by a stable id. Override any of them (to translate or
 * reword) with the `strings` prop; `{placeholder}` parts are filled in as plain text, never as HTML.
 *
 * The screens do not read this object: each reads its own part of it (`mainMessages`, or its product's
 * `products/<key>/messages.ts` from the product's chunk), so the first chunk carries only the texts of the
 * screens it renders. The product kits' texts join it through `productMessages` (productCatalogue.ts, generated
 * from each kit's messages.ts): statically, so they stay out of the product registry, which is in the first chunk.
 */
export const messages = {
  en: {
    ...mainMessages,
    ...errorMessages,
    ...productMessages,
    ...accountResetMessages,
    ...identifierVerificationMessages,
  },
} as const;
