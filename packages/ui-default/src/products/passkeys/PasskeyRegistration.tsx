import {
  PasskeyRegistration as UnstyledPasskeyRegistration,
  type PasskeyRegistrationProps as UnstyledPasskeyRegistrationProps,
} from '@latchkey/ui-unstyled';
import { forwardRef, useMemo, useState } from 'react';
import { type LatchkeyDirection, type LatchkeyStyles, type LatchkeyTheme, withStyleConfig } from '../../theme';
import { createSonnerToaster, SonnerToasts } from '../../toaster';
import { type ShadowDomConfig, WidgetFrame } from '../../widgets/WidgetFrame';

/** Props of the themed `PasskeyRegistration`: the unstyled widget's, plus the theme. */
export interface PasskeyRegistrationProps extends Omit<UnstyledPasskeyRegistrationProps, 'toaster' | 'config'> {
  /** The widget's configuration (as for the unstyled widget; read once, when it mounts) and `enableShadowDOM`. */
  config?: UnstyledPasskeyRegistrationProps['config'] & ShadowDomConfig;
  /** The theme (colours, buttons, inputs, font, container), as for `<SignIn>`. */
  styles?: LatchkeyStyles;
  /** The colour theme: `'light'` (default), `'dark'`, or `'auto'`. The toasts follow it. */
  theme?: LatchkeyTheme;
  /** The writing direction, set as `dir` on the `.lk-Root` (default: inherited from the page). */
  dir?: LatchkeyDirection;
  /** Where sonner's toasts render (default: inside the widget); the custom element passes `document.body` in a shadow root. */
  toastContainer?: Element | DocumentFragment | null;
}

/**
 * The passkey-registration widget, themed: `ui-unstyled`'s `PasskeyRegistration` (PasskeyRegistrationStart →
 * PasskeyRegistrationSuccess for the signed-in user) inside a `.lk-Root` carrying the `styles` as CSS variables,
 * with sonner toasts (rename and delete failures). Import `@latchkey/ui-default/styles.css` once.
 */
export const PasskeyRegistration = forwardRef<HTMLDivElement, PasskeyRegistrationProps>(function PasskeyRegistration(
  { styles, theme, dir, config, toastContainer, ...props },
  ref,
) {
  const [toaster] = useState(createSonnerToaster);
  // `enableShadowDOM` stays in the configuration: the sign-in store knows it as a key the mount points read.
  const themedConfig = useMemo(() => withStyleConfig(config, styles), [config, styles]);
  return (
    <WidgetFrame
      styles={styles}
      theme={theme}
      dir={dir}
      config={config}
      toasts={<SonnerToasts toaster={toaster} container={toastContainer} theme={theme} />}
    >
      <UnstyledPasskeyRegistration {...props} config={themedConfig} toaster={toaster} ref={ref} />
    </WidgetFrame>
  );
});
