// The lazy chunk of the screens any product can end on (login success, error), in one download.
import { ErrorScreen } from './Error/ErrorScreen';
import { LoginSuccessScreen } from './LoginSuccess/LoginSuccessScreen';

export { ErrorScreen, LoginSuccessScreen };

/** Its screens by name (the screen loaders search it first, screenLoaders.ts). */
export const screens = { Error: ErrorScreen, LoginSuccess: LoginSuccessScreen };

/** The code every lazy chunk shares (screens/shared/chunkRuntime.ts). */
export { CHUNK_RUNTIME } from './shared/chunkRuntime';
