import { passwordsProduct } from '@latchkey/hooks';
import { defineProductKit, loadOnce } from '../defineProductKit';

/** Passwords in the kit: the password email form and every password screen, in one chunk. */
export const passwordsKit = defineProductKit<typeof import('./chunk')>({
  product: passwordsProduct,
  load: loadOnce(() => import('./chunk')),
  emailForm: { kind: 'password', flowFromChunk: (chunk) => chunk.PasswordEmailFlow },
  // 'Email resent' on PasswordForgot.
  toastingScreens: ['PasswordForgot'],
});
