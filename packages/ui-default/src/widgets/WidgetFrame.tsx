import { lazy, type ReactElement, type ReactNode, Suspense, useState } from 'react';
import { ThemeRoot } from '../ThemeRoot';
import type { LatchkeyDirection, LatchkeyStyles, LatchkeyTheme } from '../theme';

// The shadow root's code and the stylesheet's text (the whole kit's rules) are a chunk of their own, fetched only by a
// widget rendered with `enableShadowDOM`: a page that links styles.css never downloads the stylesheet twice, and a
// page without the option carries only this.
const ShadowFrame = lazy(() => import('./ShadowFrame'));

/** The shadow-DOM option of every themed widget, in its `config` as for the mount points. */
export interface ShadowDomConfig {
  /**
   * Renders the widget inside an open shadow root (attached to a `<div data-latchkey-shadow-host>` the widget
   * renders), with the kit's stylesheet adopted into it: page styles cannot reach in; the `--lk-*` variables still
   * inherit. Read when the widget first renders; toasts then render into the page's body (unless `toastContainer`).
   */
  enableShadowDOM?: boolean;
}

/** Props of `WidgetFrame`. */
export interface WidgetFrameProps {
  styles?: LatchkeyStyles;
  theme?: LatchkeyTheme;
  dir?: LatchkeyDirection;
  /** The widget's configuration: only `enableShadowDOM` is read, on the first render. */
  config?: ShadowDomConfig;
  /**
   * Downloads rules the shadow root adopts on top of the kit's (a product widget's own stylesheet, as text): the widget
   * shows once they are in (or failed to arrive). Read on the first render with `enableShadowDOM`.
   */
  loadExtraStyles?: () => Promise<string>;
  /**
   * The widget's toasts (`<SonnerToasts>`), if it toasts. In a shadow root they render into the page's body unless
   * they have a `container` (sonner puts its CSS in the document's head).
   */
  toasts?: ReactElement<{ container?: Element | DocumentFragment | null }>;
  children: ReactNode;
}

/**
 * What every themed widget renders around its unstyled one: the `.lk-Root` with the theme and its toasts, inside an
 * open shadow root with `enableShadowDOM` (`ShadowFrame`).
 */
export function WidgetFrame({ styles, theme, dir, config, loadExtraStyles, toasts, children }: WidgetFrameProps) {
  const [isShadow] = useState(config?.enableShadowDOM);
  const root = (
    <ThemeRoot styles={styles} theme={theme} dir={dir}>
      {children}
      {!isShadow && toasts}
    </ThemeRoot>
  );
  // The root is made here, not in the lazy chunk, so the theme's code stays in the page's first chunk (shared with
  // the lazy one it would be a chunk of its own, one more request).
  return isShadow ? (
    <Suspense fallback={null}>
      <ShadowFrame loadExtraStyles={loadExtraStyles} toasts={toasts}>
        {root}
      </ShadowFrame>
    </Suspense>
  ) : (
    root
  );
}
