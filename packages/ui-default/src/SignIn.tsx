import { SignInWithToaster, type SignInProps as UnstyledSignInProps } from '@latchkey/ui-unstyled';
import { forwardRef, useMemo, useState } from 'react';
import { ThemeRoot } from './ThemeRoot';
import { type LatchkeyStyles, withStyleConfig } from './theme';
import { createSonnerToaster, SonnerToasts } from './toaster';

/** Props of the themed `SignIn`: the unstyled widget's, plus the theme. */
export interface SignInProps extends Omit<UnstyledSignInProps, 'toaster'> {
  /** The theme (colours, buttons, inputs, font, container) and `hideHeaderText` / `logo`, merged into `config.style`. */
  styles?: LatchkeyStyles;
  /** Where sonner's toasts render (default: inside the widget); the custom elements pass `document.body` in a shadow root. */
  toastContainer?: Element | DocumentFragment | null;
}

/**
 * The login widget, themed: `ui-unstyled`'s `SignIn` inside a `.lk-Root` carrying the `styles` as CSS variables,
 * with sonner toasts (`SignInWithToaster`: the built-in live-region toaster is not bundled). Import `@latchkey/ui-default/styles.css` once. Other props go to the unstyled root.
 */
export const SignIn = forwardRef<HTMLDivElement, SignInProps>(function SignIn(
  { styles, config, toastContainer, ...props },
  ref,
) {
  const [toaster] = useState(createSonnerToaster);
  const themedConfig = useMemo(() => withStyleConfig(config, styles), [config, styles]);
  return (
    <ThemeRoot styles={styles}>
      <SignInWithToaster {...props} config={themedConfig} toaster={toaster} ref={ref} />
      <SonnerToasts toaster={toaster} container={toastContainer} />
    </ThemeRoot>
  );
});
