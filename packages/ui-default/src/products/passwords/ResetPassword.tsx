import {
  ResetPassword as UnstyledResetPassword,
  type ResetPasswordProps as UnstyledResetPasswordProps,
} from '@latchkey/ui-unstyled';
import { forwardRef, useMemo, useState } from 'react';
import { type LatchkeyDirection, type LatchkeyStyles, type LatchkeyTheme, withStyleConfig } from '../../theme';
import { createSonnerToaster, SonnerToasts } from '../../toaster';
import { type ShadowDomConfig, WidgetFrame } from '../../widgets/WidgetFrame';

/** Props of the themed `ResetPassword`: the unstyled widget's, plus the theme. */
export interface ResetPasswordProps extends Omit<UnstyledResetPasswordProps, 'toaster' | 'config'> {
  /** The widget's configuration (as for the unstyled widget; read once, when it mounts) and `enableShadowDOM`. */
  config?: UnstyledResetPasswordProps['config'] & ShadowDomConfig;
  /** The theme (colours, buttons, inputs, font, container) and `hideHeaderText` / `logo`, merged into `config.style`. */
  styles?: LatchkeyStyles;
  /**
   * The colour theme: `'light'` (default), `'dark'`, or `'auto'` (dark when `prefers-color-scheme: dark`). Emitted as
   * `data-theme` on the `.lk-Root`; the `styles` colours win over it. The toasts follow it.
   */
  theme?: LatchkeyTheme;
  /** The writing direction, set as `dir` on the `.lk-Root` (default: inherited from the page); `'rtl'` mirrors the card. */
  dir?: LatchkeyDirection;
  /** Where sonner's toasts render (default: inside the widget); the custom elements pass `document.body` in a shadow root. */
  toastContainer?: Element | DocumentFragment | null;
}

/**
 * The reset-password widget, themed: `ui-unstyled`'s `ResetPassword` (opened on PasswordResetForm for
 * `passwordResetToken`, else the page URL's token) inside a `.lk-Root` carrying the `styles` as CSS variables, with
 * sonner toasts. Import `@latchkey/ui-default/styles.css` once. Other props go to the unstyled root.
 */
export const ResetPassword = forwardRef<HTMLDivElement, ResetPasswordProps>(function ResetPassword(
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
      <UnstyledResetPassword {...props} config={themedConfig} toaster={toaster} ref={ref} />
    </WidgetFrame>
  );
});
