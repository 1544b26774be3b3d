import type { SignInConfig } from '@latchkey/hooks';
import type { LatchkeyClient } from '@latchkey/sdk';
import type { ComponentType, ReactElement } from 'react';
import type { WidgetOptions } from '../mount';
import { type LatchkeyStyles, withStyleConfig } from '../theme';

/** What every mount point takes besides its element: the client and the shadow-DOM option. */
export interface MountPointOptions {
  /** The page's Latchkey client (`createClient(publicToken)`). */
  client: LatchkeyClient;
  config?: { enableShadowDOM?: boolean };
}

/** An attribute a widget's custom element observes: the property it sets, and how its text is read. */
export interface WidgetAttribute {
  readonly property: string;
  readonly parse: (value: string | null) => unknown;
}

/**
 * One widget, declared once: its themed React component and what its mount points are called. `mount.tsx` makes the
 * `render*` and `mount*` functions from it, `customElements.ts` the custom element, and the browser module registers
 * that element and puts `extraStyles` into the page.
 */
export interface WidgetDefinition<Options extends MountPointOptions = MountPointOptions> {
  /** The React component (`<SignIn>`…), exported by the kit under `componentName`. */
  readonly component: ComponentType<never>;
  readonly componentName: string;
  /** The key of `LATCHKEY_ELEMENTS` and the custom element's tag name. */
  readonly elementKey: string;
  readonly tagName: `latchkey-${string}`;
  /** The names of the mount function (`mountLogin`) and of the render function the custom element uses (`renderLogin`). */
  readonly mountName: `mount${string}`;
  readonly renderName: `render${string}`;
  /** The custom element's properties besides `client`, `config`, `styles` and `theme` (all of them go to `render`). */
  readonly properties: readonly string[];
  /** Attributes the custom element observes besides `config` and `theme`, by attribute name. */
  readonly attributes?: Readonly<Record<string, WidgetAttribute>>;
  /** Rules on top of the kit's stylesheet: adopted into the widget's shadow root, put into the page by the browser module. */
  readonly extraStyles?: string;
  /**
   * The widget for a mount point's options. `config` is `options.config` without `enableShadowDOM`; `toastContainer`
   * is where toasts go (the page's body when the widget is in a shadow root). A new `key` mounts a fresh widget.
   */
  readonly render: (options: Options, config: SignInConfig, toastContainer: Element | undefined) => ReactElement;
}

/** Any widget's definition. */
// biome-ignore lint/suspicious/noExplicitAny: the options of each widget differ; `render` is only called with its own.
export type AnyWidgetDefinition = WidgetDefinition<any>;

/** The options a widget's mount point takes (besides `elementSelector`). */
export type WidgetOptionsOf<Definition extends AnyWidgetDefinition> = Parameters<Definition['render']>[0];

/** Declares a widget (its literal names kept in the type, so `LATCHKEY_ELEMENTS` and the mount functions are typed). */
export function defineWidget<const Definition extends AnyWidgetDefinition>(definition: Definition): Definition {
  return definition;
}

/**
 * The key of a widget that reads its configuration when it mounts: a new configuration mounts a new widget; the same
 * configuration (e.g. only the theme or the callbacks changed) keeps the user where they are.
 */
export function configKey(config: SignInConfig, styles: LatchkeyStyles | undefined, extra = ''): string {
  return `${JSON.stringify(withStyleConfig(config, styles))}${extra}`;
}

/**
 * The props every sign-in widget (`<SignIn>`, `<ResetPassword>`, `<PasskeyRegistration>`) takes from its mount
 * options, beside its key (`configKey`).
 */
export function signInWidgetProps(options: WidgetOptions, config: SignInConfig, toastContainer: Element | undefined) {
  return {
    config,
    styles: options.styles,
    theme: options.theme,
    dir: options.dir,
    callbacks: options.callbacks,
    strings: options.strings,
    toastContainer,
  };
}
