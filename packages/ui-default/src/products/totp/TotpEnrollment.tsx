import {
  TotpEnrollment as UnstyledTotpEnrollment,
  type TotpEnrollmentProps as UnstyledTotpEnrollmentProps,
} from '@latchkey/ui-unstyled';
import type { LatchkeyDirection, LatchkeyStyles, LatchkeyTheme } from '../../theme';
import { type ShadowDomConfig, WidgetFrame } from '../../widgets/WidgetFrame';

/** Props of the themed `<TotpEnrollment>`: the unstyled one's, and the theme. */
export interface TotpEnrollmentProps extends UnstyledTotpEnrollmentProps {
  /** The theme's values (colours, fonts, radii), as `--lk-*` variables. */
  styles?: LatchkeyStyles;
  /** `'light'` (default), `'dark'` or `'auto'`. */
  theme?: LatchkeyTheme;
  /** The writing direction. */
  dir?: LatchkeyDirection;
  /** Only `enableShadowDOM` (the widget has no sign-in configuration). */
  config?: ShadowDomConfig;
}

/**
 * Enrols an authenticator app for the signed-in user, themed (`.lk-Root`; import `@latchkey/ui-default/styles.css`):
 * 'Set up authenticator app', the QR code and the key, the first code, then the recovery codes to save. Put it on an
 * account or security page inside `<LatchkeyProvider client>`; without a signed-in user it shows
 * 'Error: Cannot use TotpEnrollment component without active user authenticated.'
 */
export function TotpEnrollment({ styles, theme, dir, config, ...props }: TotpEnrollmentProps) {
  return (
    <WidgetFrame styles={styles} theme={theme} dir={dir} config={config}>
      <UnstyledTotpEnrollment {...props} />
    </WidgetFrame>
  );
}
