import { cloneElement, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { adoptStylesheet } from '../shadow';
import type { WidgetFrameProps } from './WidgetFrame';

/** Props of `ShadowFrame`: `children` is the widget's `.lk-Root`. */
export type ShadowFrameProps = Pick<WidgetFrameProps, 'loadExtraStyles' | 'toasts' | 'children'>;

/**
 * `WidgetFrame` with `enableShadowDOM` (a chunk of its own): a `<div data-latchkey-shadow-host>` with an open shadow
 * root holding the `.lk-Root`, rendered there once the kit's stylesheet (and the extra rules) are adopted, so the
 * widget never shows unstyled; the toasts in the page's body.
 */
export default function ShadowFrame({ loadExtraStyles, toasts, children }: ShadowFrameProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [shadowRoot, setShadowRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // Strict mode runs the effect twice: the second run finds the root the first attached.
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    let isCurrent = true;
    const show = (extra?: string) => {
      if (!isCurrent) return;
      adoptStylesheet(root, extra);
      setShadowRoot(root);
    };
    if (loadExtraStyles) loadExtraStyles().then(show, () => show());
    else show();
    return () => {
      isCurrent = false;
    };
  }, [loadExtraStyles]);
  return (
    <>
      <div ref={hostRef} data-latchkey-shadow-host="">
        {shadowRoot && createPortal(children, shadowRoot)}
      </div>
      {/* No document on a server render: the toasts then stay in place. */}
      {toasts && cloneElement(toasts, { container: toasts.props.container ?? globalThis.document?.body })}
    </>
  );
}
