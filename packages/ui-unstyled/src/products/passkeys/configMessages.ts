import { PASSKEYS_ALONE_ERROR } from '@latchkey/hooks';

/**
 * The configuration error of a widget configured with passkeys and no other product, shown instead of its screens
 * (in the first chunk, through the generated messages/productConfigMessages.ts). The hooks' text.
 */
export const passkeysConfigMessages = {
  'config.passkeysAlone': PASSKEYS_ALONE_ERROR,
} as const;
