// The passcode product's screens and forms (public exports).

export * from './IdentifierVerification';
export * from './kit';
export * from './Otp/OtpScreen';
export * from './Otp/useOtpScreen';
export * from './OtpConfirmation/OtpConfirmationScreen';
export * from './OtpConfirmation/useOtpConfirmationScreen';
export * from './OtpEmailForm';
export * from './PhoneForm';
