// The password product's lazy chunk: every screen the password flow can reach, and the Main screen's password
// email form's flow, in one download instead of one per screen (screenLoaders.ts, MainScreen.tsx).

export { PasswordEmailFlow } from './PasswordEmailForm';

import { PasswordBreachedScreen } from './PasswordBreached/PasswordBreachedScreen';
import { PasswordConfirmationScreen } from './PasswordConfirmation/PasswordConfirmationScreen';
import { PasswordCreateOrLoginScreen } from './PasswordCreateOrLogin/PasswordCreateOrLoginScreen';
import { PasswordDedupeScreen } from './PasswordDedupe/PasswordDedupeScreen';
import { PasswordForgotScreen } from './PasswordForgot/PasswordForgotScreen';
import { PasswordResetFormScreen } from './PasswordResetForm/PasswordResetFormScreen';
import { PasswordSetNewScreen } from './PasswordSetNew/PasswordSetNewScreen';

/** The product's texts (its screens and forms render inside them). */
export { passwordMessages as messages } from './messages';
export {
  PasswordBreachedScreen,
  PasswordConfirmationScreen,
  PasswordCreateOrLoginScreen,
  PasswordDedupeScreen,
  PasswordForgotScreen,
  PasswordResetFormScreen,
  PasswordSetNewScreen,
};

/** The product's screens by name (the screen loaders pick from this, see kit.ts). */
export const screens = {
  PasswordCreateOrLogin: PasswordCreateOrLoginScreen,
  PasswordForgot: PasswordForgotScreen,
  PasswordBreached: PasswordBreachedScreen,
  PasswordSetNew: PasswordSetNewScreen,
  PasswordDedupe: PasswordDedupeScreen,
  PasswordConfirmation: PasswordConfirmationScreen,
  PasswordResetForm: PasswordResetFormScreen,
};

/** The code every lazy chunk shares (screens/shared/chunkRuntime.ts). */
export { CHUNK_RUNTIME } from '../../screens/shared/chunkRuntime';
