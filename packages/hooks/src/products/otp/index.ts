// The passcode product's hooks and descriptor.
export * from './configError';
export * from './messages';
export * from './product';
export * from './transitions';
export * from './useCountdown';
export * from './useIdentifierVerification';
export * from './useOtpCode';
export * from './useOtpFlow';
export * from './usePhoneNumber';
