import { passkeysProduct } from '@latchkey/hooks';
import { defineProductKit, loadOnce } from '../defineProductKit';

/**
 * Passkeys in the kit: Main's 'Login with a Passkey' block and the three passkey screens, in one chunk. (No
 * `toastingScreens`: `<SignIn>` never reaches the list that toasts; `<PasskeyRegistration>` brings its own toaster.)
 */
export const passkeysKit = defineProductKit<typeof import('./chunk')>({
  product: passkeysProduct,
  load: loadOnce(() => import('./chunk')),
  mainBlock: (chunk) => chunk.PasskeyLoginForm,
});
