import { emailMagicLinksProduct } from '@latchkey/hooks';
import { defineProductKit, loadOnce } from '../defineProductKit';
import { MagicLinkEmailForm } from './MagicLinkEmailForm';

/** Magic links in the kit: the default email form ships in the first chunk, EmailConfirmation loads on demand. */
export const emailMagicLinksKit = defineProductKit<typeof import('./chunk')>({
  product: emailMagicLinksProduct,
  load: loadOnce(() => import('./chunk')),
  emailForm: { kind: 'magicLink', eager: MagicLinkEmailForm },
});
