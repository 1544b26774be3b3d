import {
  PasskeyRegistration as UnstyledPasskeyRegistration,
  type PasskeyRegistrationProps as UnstyledPasskeyRegistrationProps,
} from '@latchkey/ui-unstyled';

import {
  type ThemedWidget,
  type ThemedWidgetProps,
  type ToastContainerProps,
  themedSignInWidget,
} from '../../widgets/themedWidget';

/**
 * Downloads the first screen of `<PasskeyRegistration>` ahead of time (the widget works the same without it). Await
 * it before a server render and before hydrating: a signed-in visitor's first screen is then in the server's HTML.
 */
export { preloadPasskeyRegistration } from '@latchkey/ui-unstyled';

/** Props of the themed `PasskeyRegistration`: the unstyled widget's, plus the theme. */
export interface PasskeyRegistrationProps
  extends ThemedWidgetProps<UnstyledPasskeyRegistrationProps>,
    ToastContainerProps {}

/**
 * The passkey-registration widget, themed: `ui-unstyled`'s `PasskeyRegistration` (PasskeyRegistrationStart →
 * PasskeyRegistrationSuccess for the signed-in user) inside a `.lk-Root` carrying the `styles` as CSS variables,
 * with sonner toasts (rename and delete failures). Import `@latchkey/ui-default/styles.css` once.
 */
export const PasskeyRegistration: ThemedWidget<PasskeyRegistrationProps, HTMLDivElement> =
  /* @__PURE__ */ themedSignInWidget(UnstyledPasskeyRegistration, 'PasskeyRegistration');
