'use client';
// Components shared by the screens
export * from './components/BackButton';
export * from './components/ErrorMessage';
export * from './components/LudsRequirements';
export * from './components/PasswordFeedback';
export * from './components/PasswordInput';
export * from './components/PasswordStrength';
export * from './components/Spinner';
export * from './components/StrengthMeter';
export * from './components/Watermark';
// Messages, parts, toasts
export * from './messages/index';
export * from './messages/main';
export * from './messages/password';
export * from './primitives/createPart';
// Roots
export * from './ResetPassword';
export * from './SignIn';
// Screens
export * from './screens/EmailConfirmation/EmailConfirmationScreen';
export * from './screens/EmailConfirmation/useEmailConfirmationScreen';
export * from './screens/Error/ErrorScreen';
export * from './screens/Error/useErrorScreen';
export * from './screens/LoginSuccess/LoginSuccessScreen';
export * from './screens/LoginSuccess/useLoginSuccessScreen';
export * from './screens/Main/EmailForm';
export * from './screens/Main/MainScreen';
export * from './screens/Main/PhoneForm';
export * from './screens/Main/useMainScreen';
export * from './screens/Otp/OtpScreen';
export * from './screens/Otp/useOtpScreen';
export * from './screens/OtpConfirmation/OtpConfirmationScreen';
export * from './screens/OtpConfirmation/useOtpConfirmationScreen';
export * from './screens/PasswordBreached/PasswordBreachedScreen';
export * from './screens/PasswordConfirmation/PasswordConfirmationScreen';
export * from './screens/PasswordCreateOrLogin/PasswordCreateOrLoginScreen';
export * from './screens/PasswordDedupe/PasswordDedupeScreen';
export * from './screens/PasswordForgot/PasswordForgotScreen';
export * from './screens/PasswordResetForm/PasswordResetFormScreen';
export * from './screens/PasswordSetNew/PasswordSetNewScreen';
export * from './toast';
