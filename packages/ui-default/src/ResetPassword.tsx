import {
  ResetPassword as UnstyledResetPassword,
  type ResetPasswordProps as UnstyledResetPasswordProps,
} from '@latchkey/ui-unstyled';
import { forwardRef, useMemo, useState } from 'react';
import { ThemeRoot } from './ThemeRoot';
import { type LatchkeyStyles, withStyleConfig } from './theme';
import { createSonnerToaster, SonnerToasts } from './toaster';

/** Props of the themed `ResetPassword`: the unstyled widget's, plus the theme. */
export interface ResetPasswordProps extends Omit<UnstyledResetPasswordProps, 'toaster'> {
  /** The theme (colours, buttons, inputs, font, container) and `hideHeaderText` / `logo`, merged into `config.style`. */
  styles?: LatchkeyStyles;
  /** Where sonner's toasts render (default: inside the widget); the custom elements pass `document.body` in a shadow root. */
  toastContainer?: Element | DocumentFragment | null;
}

/**
 * The reset-password widget, themed: `ui-unstyled`'s `ResetPassword` (opened on PasswordResetForm for
 * `passwordResetToken`, else the page URL's token) inside a `.lk-Root` carrying the `styles` as CSS variables, with
 * sonner toasts. Import `@latchkey/ui-default/styles.css` once. Other props go to the unstyled root.
 */
export const ResetPassword = forwardRef<HTMLDivElement, ResetPasswordProps>(function ResetPassword(
  { styles, config, toastContainer, ...props },
  ref,
) {
  const [toaster] = useState(createSonnerToaster);
  const themedConfig = useMemo(() => withStyleConfig(config, styles), [config, styles]);
  return (
    <ThemeRoot styles={styles}>
      <UnstyledResetPassword {...props} config={themedConfig} toaster={toaster} ref={ref} />
      <SonnerToasts toaster={toaster} container={toastContainer} />
    </ThemeRoot>
  );
});
