// The magic-link product's lazy chunk: the EmailConfirmation screen (its email form is in the first chunk).
import { EmailConfirmationScreen } from './EmailConfirmation/EmailConfirmationScreen';

/** The product's texts (its screens and forms render inside them). */
export { emailMagicLinksMessages as messages } from './messages';
export { EmailConfirmationScreen };

/** The product's screens by name (the screen loaders pick from this, see kit.ts). */
export const screens = {
  EmailConfirmation: EmailConfirmationScreen,
};

/** The code every lazy chunk shares (screens/shared/chunkRuntime.ts). */
export { CHUNK_RUNTIME } from '../../screens/shared/chunkRuntime';
