// The passcode product's lazy chunk: its two screens and the Main screen's phone and email passcode forms, in one
// download instead of one per screen (screenLoaders.ts, MainScreen.tsx).

export { OtpEmailForm } from './Main/OtpEmailForm';
export { PhoneForm } from './Main/PhoneForm';
export { OtpScreen } from './Otp/OtpScreen';
export { OtpConfirmationScreen } from './OtpConfirmation/OtpConfirmationScreen';
