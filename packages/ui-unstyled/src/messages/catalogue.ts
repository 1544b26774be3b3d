import { cryptoMessages } from '../products/crypto/messages';
import { emailMagicLinksMessages } from '../products/emailMagicLinks/messages';
import { oauthMessages } from '../products/oauth/messages';
import { otpMessages } from '../products/otp/messages';
import { passkeyMessages } from '../products/passkeys/messages';
import { passwordMessages } from '../products/passwords/messages';
import { totpMessages } from '../products/totp/messages';
import { accountResetMessages } from './accountReset';
import { errorMessages } from './errors';
import { identifierVerificationMessages } from './identifierVerification';
import { mainMessages } from './main';

/**
 * Every user-facing text of the kits, in English, keyed by a stable id. Override any of them (to translate or
 * reword) with the `strings` prop; `{placeholder}` parts are filled in as plain text, never as HTML.
 *
 * The screens do not read this object: each reads its own part of it (`mainMessages`, or its product's
 * `products/<key>/messages.ts` from the product's chunk), so the first chunk carries only the texts of the
 * screens it renders. This file and `MessageId` (messages/index.tsx) are where a product's texts join the
 * catalogue: statically, so they stay out of the product registry, which is in the first chunk.
 */
export const messages = {
  en: {
    ...mainMessages,
    ...errorMessages,
    ...emailMagicLinksMessages,
    ...otpMessages,
    ...passwordMessages,
    ...passkeyMessages,
    ...totpMessages,
    ...cryptoMessages,
    ...oauthMessages,
    ...accountResetMessages,
    ...identifierVerificationMessages,
  },
} as const;
