import { SignInWithToaster, type SignInProps as UnstyledSignInProps } from '@latchkey/ui-unstyled';
import {
  type ThemedWidget,
  type ThemedWidgetProps,
  type ToastContainerProps,
  themedSignInWidget,
} from './widgets/themedWidget';

/** Props of the themed `SignIn`: the unstyled widget's, plus the theme. */
export interface SignInProps extends ThemedWidgetProps<UnstyledSignInProps>, ToastContainerProps {}

/**
 * The login widget, themed: `ui-unstyled`'s `SignIn` inside a `.lk-Root` carrying the `styles` as CSS variables,
 * with sonner toasts (`SignInWithToaster`: the built-in live-region toaster is not bundled). Import `@latchkey/ui-default/styles.css` once. Other props go to the unstyled root.
 */
export const SignIn: ThemedWidget<SignInProps, HTMLDivElement> = /* @__PURE__ */ themedSignInWidget(
  SignInWithToaster,
  'SignIn',
);
