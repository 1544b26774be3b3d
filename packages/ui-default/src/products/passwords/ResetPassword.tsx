import {
  ResetPassword as UnstyledResetPassword,
  type ResetPasswordProps as UnstyledResetPasswordProps,
} from '@latchkey/ui-unstyled';
import {
  type ThemedWidget,
  type ThemedWidgetProps,
  type ToastContainerProps,
  themedSignInWidget,
} from '../../widgets/themedWidget';

/** Props of the themed `ResetPassword`: the unstyled widget's, plus the theme. */
export interface ResetPasswordProps extends ThemedWidgetProps<UnstyledResetPasswordProps>, ToastContainerProps {}

/**
 * The reset-password widget, themed: `ui-unstyled`'s `ResetPassword` (opened on PasswordResetForm for
 * `passwordResetToken`, else the page URL's token) inside a `.lk-Root` carrying the `styles` as CSS variables, with
 * sonner toasts. Import `@latchkey/ui-default/styles.css` once. Other props go to the unstyled root.
 */
export const ResetPassword: ThemedWidget<ResetPasswordProps, HTMLDivElement> = /* @__PURE__ */ themedSignInWidget(
  UnstyledResetPassword,
  'ResetPassword',
);
