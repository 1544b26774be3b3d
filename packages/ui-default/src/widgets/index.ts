import { identityProviderWidget } from '../products/idp/identityProviderWidget';
import { passkeyRegistrationWidget } from '../products/passkeys/passkeyRegistrationWidget';
import { resetPasswordWidget } from '../products/passwords/resetPasswordWidget';
import { totpEnrollmentWidget } from '../products/totp/totpEnrollmentWidget';
import { signInWidget } from './signInWidget';

export type { WidgetAttribute, WidgetDefinition } from './defineWidget';

/**
 * Every widget of the kit, each declared once: the mount functions (`mount.tsx`), the custom elements
 * (`customElements.ts`) and the browser module's registrations are made from this list.
 */
export const LATCHKEY_WIDGETS = [
  signInWidget,
  resetPasswordWidget,
  passkeyRegistrationWidget,
  totpEnrollmentWidget,
  identityProviderWidget,
] as const;
