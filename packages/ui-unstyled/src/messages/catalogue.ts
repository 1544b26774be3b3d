import { mainMessages } from './main';
import { passwordMessages } from './password';

/**
 * Every user-facing text of the kits, in English, keyed by a stable id. Override any of them (to translate or
 * reword) with the `strings` prop; `{placeholder}` parts are filled in as plain text, never as HTML.
 *
 * The screens do not read this object: each reads its own part of it (`mainMessages`, or `passwordMessages`
 * from the password chunk), so the first chunk carries only the texts of the screens it renders.
 */
export const messages = { en: { ...mainMessages, ...passwordMessages } } as const;
