// The TOTP-enrolment widget's public exports: the themed `<TotpEnrollment>` and its mount points
// (`mountTotpEnrollment`, `renderTotpEnrollment`, `<latchkey-totp-enrollment>`'s type).
export * from './mountPoints';
export * from './TotpEnrollment';
