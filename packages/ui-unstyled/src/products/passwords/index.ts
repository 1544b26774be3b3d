// The password product's screens, form and texts (public exports).
export * from './kit';
export * from './LudsRequirements';
export * from './messages';
export * from './PasswordBreached/PasswordBreachedScreen';
export * from './PasswordConfirmation/PasswordConfirmationScreen';
export * from './PasswordCreateOrLogin/PasswordCreateOrLoginScreen';
export * from './PasswordDedupe/PasswordDedupeScreen';
export * from './PasswordEmailForm';
export * from './PasswordFeedback';
export * from './PasswordForgot/PasswordForgotScreen';
export * from './PasswordInput';
export * from './PasswordResetForm/PasswordResetFormScreen';
export * from './PasswordSetNew/PasswordSetNewScreen';
export * from './PasswordStrength';
export * from './ResetPassword';
export * from './StrengthMeter';
