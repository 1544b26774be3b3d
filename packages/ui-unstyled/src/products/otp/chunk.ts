// The passcode product's lazy chunk: its two screens and the Main screen's phone and email passcode forms, in one
// download instead of one per screen (screenLoaders.ts, MainScreen.tsx).

export { OtpEmailFlow } from './OtpEmailForm';
export { PhoneForm } from './PhoneForm';

import { OtpScreen } from './Otp/OtpScreen';
import { OtpConfirmationScreen } from './OtpConfirmation/OtpConfirmationScreen';

/** The product's texts (its screens and forms render inside them). */
export { otpMessages as messages } from './messages';
export { OtpConfirmationScreen, OtpScreen };

/** The product's screens by name (the screen loaders pick from this, see kit.ts). */
export const screens = {
  OTPAuthenticate: OtpScreen,
  OTPConfirmation: OtpConfirmationScreen,
};

/** The code every lazy chunk shares (screens/shared/chunkRuntime.ts). */
export { CHUNK_RUNTIME } from '../../screens/shared/chunkRuntime';
