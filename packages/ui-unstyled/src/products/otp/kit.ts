import type { MethodTab } from '@latchkey/hooks';
import { otpProduct } from '@latchkey/hooks';
import type { ComponentType } from 'react';
import { defineProductKit, loadOnce } from '../defineProductKit';

/** Passcodes in the kit: the phone and email passcode forms and both screens, in one chunk. */
export const otpKit = defineProductKit<typeof import('./chunk')>({
  product: otpProduct,
  load: loadOnce(() => import('./chunk')),
  emailForm: { kind: 'otp', flowFromChunk: (chunk) => chunk.OtpEmailFlow },
  // Only its sms and whatsapp tabs reach it (the Email tab draws `emailForm`).
  methodForm: (chunk) => chunk.PhoneForm as ComponentType<{ method: MethodTab }>,
});
