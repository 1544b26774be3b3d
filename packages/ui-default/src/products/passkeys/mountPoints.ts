// The passkey-registration widget's mount points (`render*`, `mount*`), their options and its custom element's type: declared
// here, in its product's folder, from its widget declaration (LATCHKEY_WIDGETS lists it); the kit exports them through
// the generated products/index.ts.
import type { LatchkeyLoginElement } from '../../customElements';
import type { MountLoginOptions, WidgetOptions } from '../../mount';
import { createMount, createRender } from '../../widgets/renderWidget';
import { passkeyRegistrationWidget } from './passkeyRegistrationWidget';

/** Options of `mountPasskeyRegistration`: those of `mountLogin` (its `config.products` are not read). */
export type MountPasskeyRegistrationOptions = MountLoginOptions;

/** `<latchkey-passkey-registration>`: the passkey-registration widget, with the same properties as `<latchkey-login>`. */
export type LatchkeyPasskeyRegistrationElement = LatchkeyLoginElement;

/**
 * Renders the passkey-registration widget into `host`. Used by `mountPasskeyRegistration` and
 * `<latchkey-passkey-registration>`.
 */
export const renderPasskeyRegistration: (host: Element, options: WidgetOptions) => void =
  createRender(passkeyRegistrationWidget);

/**
 * Mounts the passkey-registration widget, opened on PasskeyRegistrationStart for the
 * signed-in user, into the element `elementSelector` matches. With nobody signed in it shows 'Error: Cannot use
 * PasskeyRegistration component without active user authenticated.'. Same rules as `mountLogin`.
 */
export const mountPasskeyRegistration: (options: MountPasskeyRegistrationOptions) => () => void =
  createMount(passkeyRegistrationWidget);
