// The TOTP slice's hooks (authenticator apps and recovery codes): enrolment and the multi-factor sign-in's step.
export * from './product';
export * from './qrCode';
export * from './secondFactor';
export * from './totpErrors';
export type { TotpEvent } from './transitions';
export * from './usePasskeySecondFactor';
export * from './useTotpEnrollment';
export * from './useTotpFlow';
