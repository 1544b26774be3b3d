import {
  TotpEnrollment as UnstyledTotpEnrollment,
  type TotpEnrollmentProps as UnstyledTotpEnrollmentProps,
} from '@latchkey/ui-unstyled';
import { type ThemedWidget, type ThemedWidgetProps, themedWidget } from '../../widgets/themedWidget';

/**
 * Props of the themed `<TotpEnrollment>`: the unstyled one's, and the theme. Its `config` is only `enableShadowDOM`
 * (the widget has no sign-in configuration).
 */
export interface TotpEnrollmentProps extends ThemedWidgetProps<UnstyledTotpEnrollmentProps> {}

/**
 * Enrols an authenticator app for the signed-in user, themed (`.lk-Root`; import `@latchkey/ui-default/styles.css`):
 * 'Set up authenticator app', the QR code and the key, the first code, then the recovery codes to save (and, for a
 * session that never gave the app's code, "Confirm it's you" before removing the app or new codes). Put it on an
 * account or security page inside `<LatchkeyProvider client>`; without a signed-in user it shows
 * 'Error: Cannot use TotpEnrollment component without active user authenticated.'
 */
export const TotpEnrollment: ThemedWidget<TotpEnrollmentProps, never> = /* @__PURE__ */ themedWidget(
  UnstyledTotpEnrollment,
  { displayName: 'TotpEnrollment' },
);
