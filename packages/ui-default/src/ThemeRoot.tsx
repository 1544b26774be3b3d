import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { type LatchkeyStyles, stylesToCssVariables } from './theme';

/** Props of `ThemeRoot`. */
export interface ThemeRootProps extends ComponentPropsWithoutRef<'div'> {
  /** The theme: each field given becomes a `--lk-*` variable on this element. */
  styles?: LatchkeyStyles;
}

/**
 * The themed kit's root: `<div class="lk-Root" part="root">` carrying the `styles` option as `--lk-*` variables.
 * Everything in `styles.css` is scoped under `.lk-Root`; `part="root"` lets a page style it inside a shadow root
 * (`latchkey-login::part(root) { --lk-color-primary: … }`).
 */
export const ThemeRoot = forwardRef<HTMLDivElement, ThemeRootProps>(function ThemeRoot(
  { styles, className, style, ...props },
  ref,
) {
  return (
    <div
      part="root"
      {...props}
      className={className ? `lk-Root ${className}` : 'lk-Root'}
      style={{ ...stylesToCssVariables(styles), ...style }}
      ref={ref}
    />
  );
});
