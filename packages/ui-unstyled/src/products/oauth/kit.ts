import { oauthProduct } from '@latchkey/hooks';
import { defineProductKit, loadOnce } from '../defineProductKit';

/** Social sign-in in the kit: Main's column of provider buttons and Google One Tap, in one chunk (no screens after). */
export const oauthKit = defineProductKit<typeof import('./chunk')>({
  product: oauthProduct,
  load: loadOnce(() => import('./chunk')),
  mainBlock: (chunk) => chunk.SocialSignIn,
});
