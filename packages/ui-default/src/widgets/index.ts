import { identityProviderWidget } from './identityProviderWidget';
import { passkeyRegistrationWidget } from './passkeyRegistrationWidget';
import { resetPasswordWidget } from './resetPasswordWidget';
import { signInWidget } from './signInWidget';
import { totpEnrollmentWidget } from './totpEnrollmentWidget';

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
