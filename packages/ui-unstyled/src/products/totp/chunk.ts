// The TOTP product's lazy chunk: the two screens of a multi-factor sign-in's second step, fetched when a first
// factor's partial authentication leads to them (kit.ts).

import { TotpScreen } from './Totp/TotpScreen';
import { TotpRecoveryCodeScreen } from './TotpRecoveryCode/TotpRecoveryCodeScreen';

/** The product's texts (its screens render inside them). */
export { totpMessages as messages } from './messages';
export { TotpRecoveryCodeScreen, TotpScreen };

/** The product's screens by name. */
export const screens = {
  TotpAuthenticate: TotpScreen,
  TotpRecoveryCode: TotpRecoveryCodeScreen,
};

/** The code every lazy chunk shares (screens/shared/chunkRuntime.ts). */
export { CHUNK_RUNTIME } from '../../screens/shared/chunkRuntime';
