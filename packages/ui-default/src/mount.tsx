import type { SignInCallbacks, SignInConfig } from '@latchkey/hooks';
import type { LatchkeyClient } from '@latchkey/sdk';
import type { Strings } from '@latchkey/ui-unstyled';
import type { LatchkeyDirection, LatchkeyStyles, LatchkeyTheme } from './theme';
import { createMount, createRender, unmountWidget } from './widgets/renderWidget';
import { signInWidget } from './widgets/signInWidget';

/** The configuration a mount point takes: the widget's options plus `enableShadowDOM`. */
export interface LatchkeyMountConfig extends SignInConfig {
  /**
   * Renders the widget inside a shadow root attached to the element, with the kit's stylesheet adopted into it
   * (page styles cannot reach in; the `--lk-*` variables still inherit). Read when an element is first mounted.
   */
  enableShadowDOM?: boolean;
}

/** What a mount point renders: everything but the element. */
export interface WidgetOptions {
  /** The page's Latchkey client (`createClient(publicToken)`). */
  client: LatchkeyClient;
  config?: LatchkeyMountConfig;
  /** The theme; `hideHeaderText` and `logo` are merged into `config.style`. */
  styles?: LatchkeyStyles;
  /** The colour theme: `'light'` (default), `'dark'` or `'auto'` (follows `prefers-color-scheme`). */
  theme?: LatchkeyTheme;
  /** The writing direction of the widget's root (default: inherited from the element and the page). */
  dir?: LatchkeyDirection;
  /** The host's `onEvent` / `onError`. */
  callbacks?: SignInCallbacks;
  /** Replacement texts by message id. */
  strings?: Strings;
}

/** Options of `mountLogin`. */
export interface MountLoginOptions extends WidgetOptions {
  /** A CSS selector; the widget renders into the first element it matches. */
  elementSelector: string;
}

export { unmountWidget };

// The render and mount functions of every widget of widgets/index.ts (LATCHKEY_WIDGETS), by the names it declares:
// the login widget's here, each product widget's in its product's folder (products/<key>/mountPoints.ts, exported
// by the generated products/index.ts); widgets/widgets.test.ts checks that the kit exports one of each per widget.

/** Renders the login widget into `host` (mounting it again re-renders). Used by `mountLogin` and `<latchkey-login>`. */
export const renderLogin: (host: Element, options: WidgetOptions) => void = createRender(signInWidget);

/**
 * Mounts the login widget into the element `elementSelector` matches, inside
 * `<LatchkeyProvider client>`. Mounting again on the same element re-renders it with the new options. Throws when
 * the selector matches nothing. Returns a function that unmounts it.
 */
export const mountLogin: (options: MountLoginOptions) => () => void = createMount(signInWidget);
