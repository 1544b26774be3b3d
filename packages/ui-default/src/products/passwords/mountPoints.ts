// The reset-password widget's mount points (`render*`, `mount*`), their options and its custom element's type: declared
// here, in its product's folder, from its widget declaration (LATCHKEY_WIDGETS lists it); the kit exports them through
// the generated products/index.ts.
import type { LatchkeyLoginElement } from '../../customElements';
import type { MountLoginOptions, WidgetOptions } from '../../mount';
import { createMount, createRender } from '../../widgets/renderWidget';
import { resetPasswordWidget } from './resetPasswordWidget';

/** Options of `mountResetPassword`. */
export interface MountResetPasswordOptions extends MountLoginOptions {
  /** The `token` of the emailed reset link. */
  passwordResetToken: string;
}

/** `<latchkey-reset-password>`: the reset-password widget; `passwordResetToken` or the `password-reset-token` attribute. */
export interface LatchkeyResetPasswordElement extends LatchkeyLoginElement {
  /** The `token` of the emailed reset link (default: read from the page's URL). */
  passwordResetToken: string | undefined;
}

/** Renders the reset-password widget into `host`. Used by `mountResetPassword` and `<latchkey-reset-password>`. */
export const renderResetPassword: (host: Element, options: WidgetOptions & { passwordResetToken?: string }) => void =
  createRender(resetPasswordWidget);

/**
 * Mounts the reset-password widget, opened on PasswordResetForm for `passwordResetToken`, into the element
 * `elementSelector` matches. Same rules as `mountLogin`.
 */
export const mountResetPassword: (options: MountResetPasswordOptions) => () => void = createMount(resetPasswordWidget);
