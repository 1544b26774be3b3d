// The password product's lazy chunk: every screen the password flow can reach, and the Main screen's password
// email form, in one download instead of one per screen (screenLoaders.ts, MainScreen.tsx).
export { PasswordEmailForm } from './Main/PasswordEmailForm';
export { PasswordBreachedScreen } from './PasswordBreached/PasswordBreachedScreen';
export { PasswordConfirmationScreen } from './PasswordConfirmation/PasswordConfirmationScreen';
export { PasswordCreateOrLoginScreen } from './PasswordCreateOrLogin/PasswordCreateOrLoginScreen';
export { PasswordDedupeScreen } from './PasswordDedupe/PasswordDedupeScreen';
export { PasswordForgotScreen } from './PasswordForgot/PasswordForgotScreen';
export { PasswordResetFormScreen } from './PasswordResetForm/PasswordResetFormScreen';
export { PasswordSetNewScreen } from './PasswordSetNew/PasswordSetNewScreen';
