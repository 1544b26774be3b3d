// The passcode product's configuration error, a module of its own: the kits import it wherever they translate the
// error, so it joins the chunk the first load shares with the kits' lazy chunks, and the descriptor does not.

/** Shown when magic links and email passcodes are both configured. */
export const EML_AND_EMAIL_OTP_ERROR = 'Error: Cannot use both EML and Email OTP';
