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
import type { SonnerToaster, SonnerToastsProps } from '../toaster';
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
  /** The theme (colours, buttons, inputs, font, container) and `hideHeaderText` / `logo`, merged into `config.style`. */
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

/** A sign-in widget's toasts: how to make its toaster, and the component showing the toasts. */
export interface WidgetToasts {
  readonly create: () => SonnerToaster;
  readonly Toasts: ComponentType<SonnerToastsProps>;
}

/** How `themedWidget` wraps an unstyled widget. */
export interface ThemedWidgetOptions<UnstyledProps> {
  /** The component's name in React's devtools (the kit's export name: `SignIn`…). */
  displayName: string;
  /**
   * For a sign-in widget (it takes a `toaster` and a sign-in `config`), its toasts: `sonnerToasts`
   * (`./sonnerToasts`). It then takes a `toastContainer` prop, and the `styles` are merged into its `config.style`
   * (`enableShadowDOM` stays in the configuration: the sign-in store knows it as a key the mount points read).
   * Without: no toasts, and the `config` (only `enableShadowDOM`) is not passed on. Given here rather than imported by
   * the factory, so that a widget without toasts does not bundle the toaster.
   */
  toasts?: WidgetToasts;
  /** Rules the widget's shadow root adopts on top of the kit's (its product's stylesheet as text), downloaded then. */
  loadExtraStyles?: () => Promise<string>;
  /** Props the unstyled widget takes from the theme (the identity provider's logo), given the props it gets. */
  withStyles?: (props: UnstyledProps, styles: LatchkeyStyles | undefined) => UnstyledProps;
}

/** Any themed widget's props, as the implementation reads them. */
type AnyThemedProps = ThemedWidgetProps<{ config?: { style?: StyleConfig } }> & ToastContainerProps;

/**
 * Makes a themed widget from an unstyled one: the unstyled widget inside `WidgetFrame` (the `.lk-Root` carrying the
 * `styles` as CSS variables, `theme` and `dir`; an open shadow root with `config.enableShadowDOM`), with sonner
 * toasts when given `toasts`. Every themed React component of the kit (`<SignIn>`, `<ResetPassword>`…) is one.
 */
export function themedWidget<Unstyled extends AnyComponent>(
  unstyled: Unstyled,
  options: ThemedWidgetOptions<ComponentProps<Unstyled>> & { toasts: WidgetToasts },
): ThemedWidget<ThemedWidgetProps<ComponentProps<Unstyled>> & ToastContainerProps, RefOf<ComponentProps<Unstyled>>>;
export function themedWidget<Unstyled extends AnyComponent>(
  unstyled: Unstyled,
  options: ThemedWidgetOptions<ComponentProps<Unstyled>> & { toasts?: undefined },
): ThemedWidget<ThemedWidgetProps<ComponentProps<Unstyled>>, RefOf<ComponentProps<Unstyled>>>;
export function themedWidget(
  Unstyled: AnyComponent,
  { displayName, toasts, loadExtraStyles, withStyles }: ThemedWidgetOptions<Record<string, unknown>>,
): ThemedWidget<AnyThemedProps, unknown> {
  const Themed = forwardRef<unknown, AnyThemedProps>(function ThemedWidget(
    { styles, theme, dir, config, toastContainer, ...props },
    ref,
  ) {
    // A widget without toasts makes neither a toaster nor a themed configuration (the hooks still run, in order).
    const [toaster] = useState(() => toasts?.create());
    const themedConfig = useMemo(() => toasts && withStyleConfig(config, styles), [config, styles]);
    return (
      <WidgetFrame
        styles={styles}
        theme={theme}
        dir={dir}
        config={config}
        loadExtraStyles={loadExtraStyles}
        toasts={toaster && toasts && <toasts.Toasts toaster={toaster} container={toastContainer} theme={theme} />}
      >
        <Unstyled
          {...(withStyles ? withStyles(props, styles) : props)}
          {...(toaster && { config: themedConfig, toaster })}
          ref={ref}
        />
      </WidgetFrame>
    );
  });
  Themed.displayName = displayName;
  return Themed;
}
