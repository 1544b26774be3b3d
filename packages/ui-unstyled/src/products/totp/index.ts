// The TOTP product's screens and the enrolment component (public exports).
export { loadTotpChunk } from './kit';
export * from './SessionVerification/SessionVerification';
export * from './Totp/TotpScreen';
export * from './TotpEnrollment/TotpEnrollment';
export * from './TotpRecoveryCode/TotpRecoveryCodeScreen';
