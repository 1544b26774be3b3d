// The TOTP-enrolment widget's mount points (`render*`, `mount*`), their options and its custom element's type: declared
// here, in its product's folder, from its widget declaration (LATCHKEY_WIDGETS lists it); the kit exports them through
// the generated products/index.ts.
import type { SignInCallbacks } from '@latchkey/hooks';
import type { LatchkeyClient } from '@latchkey/sdk';
import type { LatchkeyMountConfig, WidgetOptions } from '../../mount';
import type { LatchkeyStyles, LatchkeyTheme } from '../../theme';
import { createMount, createRender } from '../../widgets/renderWidget';
import { totpEnrollmentWidget } from './totpEnrollmentWidget';

/** What the TOTP-enrolment mount point renders: everything but the element. */
export interface TotpEnrollmentOptions extends Omit<WidgetOptions, 'config' | 'strings'> {
  /** Only `enableShadowDOM` is read (the enrolment has no sign-in configuration). */
  config?: Pick<LatchkeyMountConfig, 'enableShadowDOM'>;
  /** How long the new TOTP waits for its first code; default 10 minutes. */
  expirationMinutes?: number;
  /** The session's lifetime after the first code joins it; default 30 minutes. */
  sessionDurationMinutes?: number;
  /** Called once the user confirmed they saved the recovery codes (the enrolment is complete). */
  onDone?: () => void;
}

/** Options of `mountTotpEnrollment`. */
export interface MountTotpEnrollmentOptions extends TotpEnrollmentOptions {
  /** A CSS selector; the widget renders into the first element it matches. */
  elementSelector: string;
}

/**
 * `<latchkey-totp-enrollment>`: the TOTP enrolment (authenticator app) for the signed-in user. `config` (only
 * `enableShadowDOM` is read), `styles` and `theme` as for `<latchkey-login>`; `callbacks` (`onEvent` / `onError`) and
 * `onDone` (called once the recovery codes are saved) as JS properties.
 */
export interface LatchkeyTotpEnrollmentElement extends HTMLElement {
  /** The client; default the one given to `defineLatchkeyElements`. */
  client: LatchkeyClient | undefined;
  /** Only `enableShadowDOM` is read (once); also settable as the `config` attribute (JSON). */
  config: Pick<LatchkeyMountConfig, 'enableShadowDOM'> | undefined;
  styles: LatchkeyStyles | undefined;
  /** The colour theme (`'light'`, `'dark'`, `'auto'`); also settable as the `theme` attribute. */
  theme: LatchkeyTheme | undefined;
  callbacks: SignInCallbacks | undefined;
  /** Called once the user confirmed they saved the recovery codes. */
  onDone: (() => void) | undefined;
}

/** Renders the TOTP-enrolment widget into `host`. Used by `mountTotpEnrollment` and `<latchkey-totp-enrollment>`. */
export const renderTotpEnrollment: (host: Element, options: TotpEnrollmentOptions) => void =
  createRender(totpEnrollmentWidget);

/**
 * Mounts the TOTP enrolment (the themed `<TotpEnrollment>`: 'Set up authenticator app', the QR code and the key, the
 * first code, the recovery codes) for the signed-in user into the element `elementSelector` matches. With nobody
 * signed in it shows 'Error: Cannot use TotpEnrollment component without active user authenticated.'. Same rules as
 * `mountLogin`; new options re-render it in place (it reads no configuration).
 */
export const mountTotpEnrollment: (options: MountTotpEnrollmentOptions) => () => void =
  createMount(totpEnrollmentWidget);
