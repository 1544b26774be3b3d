// biome-ignore-all lint/correctness/noComponentHookFactories: themedWidget and themedSignInWidget run once per widget, at module level, never during a render, so each component keeps a stable identity.
import {
  type ComponentProps,
  type ComponentType,
  type ForwardRefExoticComponent,
  forwardRef,
  type PropsWithoutRef,
  type Ref,
  type RefAttributes,
  useMemo,
  useState,
} from 'react';
import {
  type LatchkeyDirection,
  type LatchkeyStyles,
  type LatchkeyTheme,
  type StyleConfig,
  withStyleConfig,
} from '../theme';
import { createSonnerToaster, SonnerToasts } from '../toaster';
import { type ShadowDomConfig, WidgetFrame } from './WidgetFrame';

/** The unstyled widget's configuration type, `unknown` for a widget without one (only `enableShadowDOM` is left). */
type ConfigOf<UnstyledProps> = UnstyledProps extends { config?: infer Config } ? Config : unknown;

/** The props every themed widget adds to its unstyled one's (`toaster` and `config` are its own). */
export type ThemedWidgetProps<UnstyledProps> = Omit<UnstyledProps, 'toaster' | 'config'> & {
  /**
   * The widget's configuration (as for the unstyled widget; read once, when it mounts) and `enableShadowDOM`; only
   * `enableShadowDOM` for a widget without a sign-in configuration.
   */
  config?: ConfigOf<UnstyledProps> & ShadowDomConfig;
  /** The theme (colours, buttons, inputs, font, container) and `hideHeaderText` / `logo` (a sign-in widget's `config.style`). */
  styles?: LatchkeyStyles;
  /**
   * The colour theme: `'light'` (default), `'dark'`, or `'auto'` (dark when `prefers-color-scheme: dark`). Emitted as
   * `data-theme` on the `.lk-Root`; the `styles` colours win over it. The toasts follow it.
   */
  theme?: LatchkeyTheme;
  /** The writing direction, set as `dir` on the `.lk-Root` (default: inherited from the page); `'rtl'` mirrors the card. */
  dir?: LatchkeyDirection;
};

/** The prop a themed widget with toasts adds. */
export interface ToastContainerProps {
  /** Where sonner's toasts render (default: inside the widget); the custom elements pass `document.body` in a shadow root. */
  toastContainer?: Element | DocumentFragment | null;
}

/** What the unstyled widget's root `ref` points at (`never` for a widget without one). */
type RefOf<UnstyledProps> = 'ref' extends keyof UnstyledProps
  ? UnstyledProps extends { ref?: Ref<infer Instance> }
    ? Instance
    : never
  : never;

/** A themed widget: a component forwarding its ref to the unstyled widget's root. */
export type ThemedWidget<Props, Ref> = ForwardRefExoticComponent<PropsWithoutRef<Props> & RefAttributes<Ref>>;

/** Any unstyled widget (its props are read with `ComponentProps`). */
// biome-ignore lint/suspicious/noExplicitAny: `ComponentProps` takes only components of `any` props.
type AnyComponent = ComponentType<any>;

/** How `themedWidget` wraps an unstyled widget without toasts. */
export interface ThemedWidgetOptions<UnstyledProps> {
  /** The component's name in React's devtools (the kit's export name: `TotpEnrollment`…). */
  displayName: string;
  /** Rules the widget's shadow root adopts on top of the kit's (its product's stylesheet as text), downloaded then. */
  loadExtraStyles?: () => Promise<string>;
  /** Props the unstyled widget takes from the theme (the identity provider's logo), given the props it gets. */
  withStyles?: (props: UnstyledProps, styles: LatchkeyStyles | undefined) => UnstyledProps;
}

/** Any themed widget's props, as the implementations read them. */
type AnyThemedProps = ThemedWidgetProps<{ config?: { style?: StyleConfig } }> & ToastContainerProps;

// The two makers below are the one factory of the kit's themed components, split by whether the widget toasts: a page
// with only a widget without toasts (the consent page, the enrolment) carries neither the toaster nor its hooks, and
// the sign-in page only the code its widget runs.

/**
 * Makes a themed widget without toasts from an unstyled one (`<TotpEnrollment>`, `<IdentityProvider>`): the unstyled
 * widget inside `WidgetFrame` (the `.lk-Root` carrying the `styles` as CSS variables, `theme` and `dir`; an open
 * shadow root with `config.enableShadowDOM`). Its `config` (only `enableShadowDOM`) stops at the frame.
 */
export function themedWidget<Unstyled extends AnyComponent>(
  unstyled: Unstyled,
  options: ThemedWidgetOptions<ComponentProps<Unstyled>>,
): ThemedWidget<ThemedWidgetProps<ComponentProps<Unstyled>>, RefOf<ComponentProps<Unstyled>>>;
export function themedWidget(
  Unstyled: AnyComponent,
  { displayName, loadExtraStyles, withStyles }: ThemedWidgetOptions<object>,
): ThemedWidget<AnyThemedProps, unknown> {
  const Themed = forwardRef<unknown, AnyThemedProps>(function ThemedWidget(
    { styles, theme, dir, config, ...props },
    ref,
  ) {
    return (
      <WidgetFrame styles={styles} theme={theme} dir={dir} config={config} loadExtraStyles={loadExtraStyles}>
        <Unstyled {...(withStyles ? withStyles(props, styles) : props)} ref={ref} />
      </WidgetFrame>
    );
  });
  Themed.displayName = displayName;
  return Themed;
}

/**
 * Makes a themed sign-in widget (`<SignIn>`, `<ResetPassword>`, `<PasskeyRegistration>`: the unstyled widget takes a
 * `toaster` and a sign-in `config`): as `themedWidget`, with sonner toasts (and a `toastContainer` prop), and the
 * `styles`' `hideHeaderText` / `logo` merged into the `config.style` the unstyled widget gets. `enableShadowDOM` stays
 * in the configuration: the sign-in store knows it as a key the mount points read.
 */
export function themedSignInWidget<Unstyled extends AnyComponent>(
  unstyled: Unstyled,
  displayName: string,
): ThemedWidget<ThemedWidgetProps<ComponentProps<Unstyled>> & ToastContainerProps, RefOf<ComponentProps<Unstyled>>>;
export function themedSignInWidget(Unstyled: AnyComponent, displayName: string): ThemedWidget<AnyThemedProps, unknown> {
  const Themed = forwardRef<unknown, AnyThemedProps>(function ThemedWidget(
    { styles, theme, dir, config, toastContainer, ...props },
    ref,
  ) {
    const [toaster] = useState(createSonnerToaster);
    const themedConfig = useMemo(() => withStyleConfig(config, styles), [config, styles]);
    return (
      <WidgetFrame
        styles={styles}
        theme={theme}
        dir={dir}
        config={config}
        toasts={<SonnerToasts toaster={toaster} container={toastContainer} theme={theme} />}
      >
        <Unstyled {...props} config={themedConfig} toaster={toaster} ref={ref} />
      </WidgetFrame>
    );
  });
  Themed.displayName = displayName;
  return Themed;
}
