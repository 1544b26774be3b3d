import { LatchkeyProvider } from '@latchkey/hooks';
import type { LatchkeyClient } from '@latchkey/sdk';
import { createRoot, type Root } from 'react-dom/client';
import type { LatchkeyMountConfig } from '../mount';
import { adoptStylesheet } from '../shadow';
import type { AnyWidgetDefinition, WidgetOptionsOf } from './defineWidget';

interface MountedWidget {
  root: Root;
  /** The element React renders into: the host, or a node inside the host's shadow root. */
  container: Element;
  isShadow: boolean;
}

// One React root per element: mounting again on the same element re-renders in place.
const mountedWidgets = new WeakMap<Element, MountedWidget>();

// A different client gets a fresh provider (and query cache): bootstrap data is per project.
const clientIds = new WeakMap<LatchkeyClient, number>();
let clientCount = 0;
function clientKey(client: LatchkeyClient): number {
  let id = clientIds.get(client);
  if (id === undefined) {
    clientCount += 1;
    id = clientCount;
    clientIds.set(client, id);
  }
  return id;
}

/** The element `elementSelector` matches; throws when there is none. */
function findElement(elementSelector: string): Element {
  const element = document.querySelector(elementSelector);
  if (!element) throw new Error(`The selector "${elementSelector}" applies to no DOM elements on the page.`);
  return element;
}

function mountPoint(host: Element, isShadow: boolean, extraStyles?: string): MountedWidget {
  const existing = mountedWidgets.get(host);
  if (existing) return existing;
  let container = host;
  if (isShadow) {
    const shadowRoot = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    adoptStylesheet(shadowRoot, extraStyles);
    container = host.ownerDocument.createElement('div');
    shadowRoot.append(container);
  }
  const mounted = { root: createRoot(container), container, isShadow };
  mountedWidgets.set(host, mounted);
  return mounted;
}

/**
 * Renders `definition`'s widget into `host` inside `<LatchkeyProvider client>` (mounting again re-renders). What every
 * `render*` function, `mount*` function and custom element does.
 */
export function renderWidget<Definition extends AnyWidgetDefinition>(
  definition: Definition,
  host: Element,
  options: WidgetOptionsOf<Definition>,
): void {
  const { client, config } = options;
  const { enableShadowDOM = false, ...widgetConfig } = (config ?? {}) as LatchkeyMountConfig;
  const { root, isShadow } = mountPoint(host, enableShadowDOM, definition.extraStyles);
  // sonner puts its CSS in the document's head, so toasts of a shadow-root widget render in the light DOM.
  const toastContainer = isShadow ? host.ownerDocument.body : undefined;
  root.render(
    <LatchkeyProvider key={clientKey(client)} client={client}>
      {definition.render(options, widgetConfig, toastContainer)}
    </LatchkeyProvider>,
  );
}

/** Unmounts the widget rendered into `host`, if any. */
export function unmountWidget(host: Element): void {
  const mounted = mountedWidgets.get(host);
  if (!mounted) return;
  mountedWidgets.delete(host);
  mounted.root.unmount();
  if (mounted.container !== host) mounted.container.remove();
}

/** The `render*` function of a widget (what its custom element calls). */
export function createRender<Definition extends AnyWidgetDefinition>(
  definition: Definition,
): (host: Element, options: WidgetOptionsOf<Definition>) => void {
  return (host, options) => renderWidget(definition, host, options);
}

/** The `mount*` function of a widget: renders it into the element `elementSelector` matches; returns its unmount. */
export function createMount<Definition extends AnyWidgetDefinition>(
  definition: Definition,
): (options: WidgetOptionsOf<Definition> & { elementSelector: string }) => () => void {
  return ({ elementSelector, ...options }) => {
    const host = findElement(elementSelector);
    renderWidget(definition, host, options as WidgetOptionsOf<Definition>);
    return () => unmountWidget(host);
  };
}
