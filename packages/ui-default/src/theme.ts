import type { CSSProperties } from 'react';

/**
 * The colour theme of the default kit, set as `data-theme` on its root: `'light'` (the default, the spec's colours),
 * `'dark'` (the stylesheet's dark palette on the same `--lk-color-*` tokens) or `'auto'` (dark when the system
 * prefers dark colours, `prefers-color-scheme: dark`, light otherwise).
 */
export type LatchkeyTheme = 'light' | 'dark' | 'auto';

/** Every `LatchkeyTheme`, the default first. */
export const LATCHKEY_THEMES = ['light', 'dark', 'auto'] as const satisfies readonly LatchkeyTheme[];

/** `value` as a `LatchkeyTheme`, or `undefined` for anything else (an attribute's text, a query parameter). */
export function parseTheme(value: string | null | undefined): LatchkeyTheme | undefined {
  return (LATCHKEY_THEMES as readonly string[]).includes(value ?? '') ? (value as LatchkeyTheme) : undefined;
}

/** The writing direction of the widget, set as `dir` on its root (`'auto'` follows the text). */
export type LatchkeyDirection = 'ltr' | 'rtl' | 'auto';

/** A CSS length: a string as written in CSS (`'8px'`, `'25rem'`) or a number of pixels. */
export type CssLength = string | number;

/** The colours, border and radius of one kind of button. */
export interface LatchkeyButtonStyle {
  backgroundColor?: string;
  textColor?: string;
  borderColor?: string;
  borderRadius?: CssLength;
}

/**
 * The `styles` option of the default kit (README, "The `styles` option"). Every field is optional; each one given
 * becomes a `--lk-*` CSS variable on the widget's root, so it wins over the stylesheet's defaults.
 */
export interface LatchkeyStyles {
  container?: {
    backgroundColor?: string;
    borderColor?: string;
    borderRadius?: CssLength;
    width?: CssLength;
  };
  colors?: {
    primary?: string;
    secondary?: string;
    success?: string;
    error?: string;
  };
  buttons?: {
    primary?: LatchkeyButtonStyle;
    secondary?: LatchkeyButtonStyle;
    disabled?: LatchkeyButtonStyle;
  };
  inputs?: {
    backgroundColor?: string;
    textColor?: string;
    placeholderColor?: string;
    borderColor?: string;
    borderRadius?: CssLength;
  };
  fontFamily?: string;
  /** Hides the 'Sign up or log in' header (default false); passed to the widget's `config.style`. */
  hideHeaderText?: boolean;
  /** A logo shown above the header; passed to the widget's `config.style`. */
  logo?: { logoImageUrl?: string };
}

type DeepRequired<T> = { [K in keyof T]-?: NonNullable<T[K]> extends object ? DeepRequired<NonNullable<T[K]>> : T[K] };

/**
 * The spec's theme defaults (white 400 px container, 8 px radius, Arial, 4 px inputs…), the same values as the
 * `--lk-*` defaults of `styles.css`. Colours are chosen to pass WCAG AA: disabled button text is #536770 on the
 * disabled colour #F3F5F6 (5.4:1) and input borders are 5:1 on white, as non-text contrast asks for 3:1.
 */
export const THEME_DEFAULTS: DeepRequired<LatchkeyStyles> = {
  container: { backgroundColor: '#FFFFFF', borderColor: '#ADBCC5', borderRadius: '8px', width: '400px' },
  colors: { primary: '#19303D', secondary: '#5C727D', success: '#0C5A56', error: '#8B1214' },
  buttons: {
    primary: { backgroundColor: '#19303D', textColor: '#FFFFFF', borderColor: '#19303D', borderRadius: '4px' },
    secondary: { backgroundColor: '#FFFFFF', textColor: '#19303D', borderColor: '#19303D', borderRadius: '4px' },
    disabled: { backgroundColor: '#F3F5F6', textColor: '#536770', borderColor: '#F3F5F6', borderRadius: '4px' },
  },
  inputs: {
    backgroundColor: '#FFFFFF',
    textColor: '#000000',
    placeholderColor: '#5C727D',
    borderColor: '#5C727D',
    borderRadius: '4px',
  },
  fontFamily: 'Arial, Helvetica, sans-serif',
  hideHeaderText: false,
  logo: { logoImageUrl: '' },
};

/** A style object of `--lk-*` custom properties, ready for a React `style` prop. */
export type LatchkeyCssVariables = CSSProperties & Record<`--lk-${string}`, string>;

const BUTTON_KINDS = ['primary', 'secondary', 'disabled'] as const;

/** The CSS variable each `styles` field sets, by its path in `LatchkeyStyles`. */
export const STYLE_VARIABLES = {
  'container.backgroundColor': '--lk-container-background',
  'container.borderColor': '--lk-container-border-color',
  'container.borderRadius': '--lk-container-radius',
  'container.width': '--lk-container-width',
  'colors.primary': '--lk-color-primary',
  'colors.secondary': '--lk-color-secondary',
  'colors.success': '--lk-color-success',
  'colors.error': '--lk-color-error',
  ...Object.fromEntries(
    BUTTON_KINDS.flatMap((kind) => [
      [`buttons.${kind}.backgroundColor`, `--lk-button-${kind}-background`],
      [`buttons.${kind}.textColor`, `--lk-button-${kind}-text`],
      [`buttons.${kind}.borderColor`, `--lk-button-${kind}-border`],
      [`buttons.${kind}.borderRadius`, `--lk-button-${kind}-radius`],
    ]),
  ),
  'inputs.backgroundColor': '--lk-input-background',
  'inputs.textColor': '--lk-input-text',
  'inputs.placeholderColor': '--lk-input-placeholder',
  'inputs.borderColor': '--lk-input-border',
  'inputs.borderRadius': '--lk-input-radius',
  fontFamily: '--lk-font-family',
} as Record<string, `--lk-${string}`>;

function cssValue(value: CssLength): string {
  return typeof value === 'number' ? `${value}px` : value;
}

function valueAt(styles: LatchkeyStyles, path: string): unknown {
  let value: unknown = styles;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Maps a `styles` option to the `--lk-*` variables it overrides: only the fields given (numbers become pixels),
 * so everything else keeps the stylesheet's default. `hideHeaderText` and `logo` are configuration, not CSS.
 */
export function stylesToCssVariables(styles: LatchkeyStyles = {}): LatchkeyCssVariables {
  const variables: Record<string, string> = {};
  for (const [path, variable] of Object.entries(STYLE_VARIABLES)) {
    const value = valueAt(styles, path);
    if (typeof value === 'string' || typeof value === 'number') variables[variable] = cssValue(value);
  }
  return variables as LatchkeyCssVariables;
}

/** The part of the widget configuration the `styles` option carries (its `style`). */
export interface StyleConfig {
  hideHeaderText?: boolean;
  logoImageUrl?: string;
}

/**
 * Returns `config` with `styles.hideHeaderText` and `styles.logo.logoImageUrl` moved into its `style` (when
 * given; otherwise `config.style` is kept as it is).
 */
export function withStyleConfig<Config extends { style?: StyleConfig }>(
  config: Config | undefined,
  styles: LatchkeyStyles | undefined,
): Config {
  const style: StyleConfig = { ...config?.style };
  if (styles?.hideHeaderText !== undefined) style.hideHeaderText = styles.hideHeaderText;
  if (styles?.logo?.logoImageUrl !== undefined) style.logoImageUrl = styles.logo.logoImageUrl;
  return { ...config, style } as Config;
}
