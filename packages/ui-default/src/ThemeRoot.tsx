import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { type LatchkeyStyles, type LatchkeyTheme, stylesToCssVariables } from './theme';

/** Props of `ThemeRoot`. */
export interface ThemeRootProps extends ComponentPropsWithoutRef<'div'> {
  /** The theme: each field given becomes a `--lk-*` variable on this element. */
  styles?: LatchkeyStyles;
  /** The colour theme, emitted as `data-theme="light|dark|auto"` (default `'light'`). */
  theme?: LatchkeyTheme;
}

/**
 * The themed kit's root: `<div class="lk-Root" part="root" data-theme>` carrying the `styles` option as `--lk-*`
 * variables (inline, so they win over the light and the dark defaults alike) and the `theme` as `data-theme`.
 * Everything in `styles.css` is scoped under `.lk-Root`; `part="root"` lets a page style it inside a shadow root
 * (`latchkey-login::part(root) { --lk-color-primary: … }`).
 */
export const ThemeRoot = forwardRef<HTMLDivElement, ThemeRootProps>(function ThemeRoot(
  { styles, theme = 'light', className, style, ...props },
  ref,
) {
  return (
    <div
      part="root"
      data-theme={theme}
      {...props}
      className={className ? `lk-Root ${className}` : 'lk-Root'}
      style={{ ...stylesToCssVariables(styles), ...style }}
      ref={ref}
    />
  );
});
