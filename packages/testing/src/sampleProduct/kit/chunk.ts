// The sample's lazy chunk, fetched only when `securityQuestion` is configured: its screen, Main's block and texts.
import type { Catalogue } from '@latchkey/ui-unstyled';
import { securityQuestionMessages } from './messages';
import { SecurityQuestionLoginBlock, SecurityQuestionScreen } from './SecurityQuestionScreen';

export { SecurityQuestionLoginBlock };

/** The sample's texts. TODO(open type MessageId): its ids are not `MessageId`s until that union is open. */
export const messages = securityQuestionMessages as Catalogue;

/** The sample's screens by name (the screen loaders look SecurityQuestion up here). */
export const screens = { SecurityQuestion: SecurityQuestionScreen };
