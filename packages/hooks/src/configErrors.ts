/** Spec §2: shown when magic links and email passcodes are both configured. */
export const EML_AND_EMAIL_OTP_ERROR = 'Error: Cannot use both EML and Email OTP';
/** Spec §2: shown when passkeys are the only configured product. */
export const PASSKEYS_ALONE_ERROR = 'Error: Cannot use Passkeys by itself, please add another product to the config.';
