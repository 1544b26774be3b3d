import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { adoptStylesheet } from '../shadow';

/** Props of `ShadowContainer`. */
export interface ShadowContainerProps {
  /** The text of rules to adopt after the kit's, loaded before the children render. */
  loadExtraStyles?: () => Promise<string>;
  children: ReactNode;
}

/**
 * A `<div data-latchkey-shadow-host>` with an open shadow root holding `children`, rendered there once the kit's
 * stylesheet (and the extra rules) are adopted, so the widget never shows unstyled. A chunk of its own (`WidgetFrame`).
 */
export default function ShadowContainer({ loadExtraStyles, children }: ShadowContainerProps) {
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
    <div ref={hostRef} data-latchkey-shadow-host="">
      {shadowRoot && createPortal(children, shadowRoot)}
    </div>
  );
}
