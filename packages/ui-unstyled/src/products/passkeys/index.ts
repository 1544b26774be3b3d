// The passkey product's screens and Main-screen block (public exports).
export * from './kit';
export * from './PasskeyConfirmation/PasskeyConfirmationScreen';
export * from './PasskeyConfirmation/usePasskeyConfirmationScreen';
export * from './PasskeyLogin';
export * from './PasskeyRegistration';
export * from './PasskeyRegistrationStart/PasskeyRegistrationStartScreen';
export * from './PasskeyRegistrationSuccess/PasskeyRegistrationSuccessScreen';
