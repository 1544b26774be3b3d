// The sample's lazy chunk, fetched only when `securityQuestion` is configured: its screen, Main's block and texts.
import { securityQuestionMessages } from './messages';
import { SecurityQuestionLoginBlock, SecurityQuestionScreen } from './SecurityQuestionScreen';

export { SecurityQuestionLoginBlock };

/** The sample's texts (their ids are `MessageId`s by declaration merging: ./messages.ts). */
export const messages = securityQuestionMessages;

/** The sample's screens by name (the screen loaders look SecurityQuestion up here). */
export const screens = { SecurityQuestion: SecurityQuestionScreen };
