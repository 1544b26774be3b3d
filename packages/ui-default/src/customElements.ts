import type { SignInCallbacks } from '@latchkey/hooks';
import type { LatchkeyClient } from '@latchkey/sdk';
import type { Strings } from '@latchkey/ui-unstyled';
import type { LatchkeyMountConfig } from './mount';
import { type LatchkeyStyles, type LatchkeyTheme, parseTheme } from './theme';
import type { AnyWidgetDefinition, WidgetAttribute } from './widgets/defineWidget';
import { LATCHKEY_WIDGETS } from './widgets/index';
import { renderWidget, unmountWidget } from './widgets/renderWidget';

/** `<latchkey-login>`: the login widget. Set its options as JS properties (or `config` as a JSON attribute). */
export interface LatchkeyLoginElement extends HTMLElement {
  /** The client; default the one given to `defineLatchkeyElements`. */
  client: LatchkeyClient | undefined;
  /** The widget configuration; also settable as the `config` attribute (JSON). `enableShadowDOM` is read once. */
  config: LatchkeyMountConfig | undefined;
  styles: LatchkeyStyles | undefined;
  /** The colour theme (`'light'`, `'dark'`, `'auto'`); also settable as the `theme` attribute. */
  theme: LatchkeyTheme | undefined;
  callbacks: SignInCallbacks | undefined;
  strings: Strings | undefined;
}

type WidgetList = typeof LATCHKEY_WIDGETS;

/** The tag names `defineLatchkeyElements` registers, by widget (made from the widget declarations). */
export const LATCHKEY_ELEMENTS = Object.fromEntries(
  LATCHKEY_WIDGETS.map((widget) => [widget.elementKey, widget.tagName]),
) as { readonly [Widget in WidgetList[number] as Widget['elementKey']]: Widget['tagName'] };

let defaultClient: LatchkeyClient | undefined;

/**
 * Connected elements that have no client yet (neither their own nor a default): each one's render, called again once
 * `defineLatchkeyElements(client)` gives the default client.
 */
const waitingForClient = new Set<() => void>();

function parseConfig(tagName: string, value: string | null): LatchkeyMountConfig | undefined {
  if (value === null || value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as LatchkeyMountConfig;
  } catch {
    throw new Error(`The config attribute of <${tagName.toLowerCase()}> is not valid JSON.`);
  }
}

// Classes are made on demand: HTMLElement does not exist where the module may be imported on a server.
function createElementClass(definition: AnyWidgetDefinition) {
  const properties = ['client', 'config', 'styles', 'theme', ...definition.properties];
  const attributes: Record<string, WidgetAttribute> = {
    // An unknown value is the default, light, as an unknown `dir` is the inherited direction.
    theme: { property: 'theme', parse: parseTheme },
    ...definition.attributes,
  };
  return class LatchkeyElement extends HTMLElement {
    // `dir` needs no plumbing: the widget inherits the element's direction, into a shadow root too.
    static observedAttributes = ['config', ...Object.keys(attributes)];

    static {
      // One accessor per property of the widget: setting one schedules a render.
      for (const property of properties) {
        Object.defineProperty(LatchkeyElement.prototype, property, {
          configurable: true,
          get(this: LatchkeyElement) {
            return this.#values[property];
          },
          set(this: LatchkeyElement, value: unknown) {
            this.#setValue(property, value);
          },
        });
      }
    }

    readonly #values: Record<string, unknown> = {};
    #isRenderScheduled = false;
    readonly #renderAgain = () => this.#scheduleRender();

    attributeChangedCallback(name: string, _previous: string | null, value: string | null) {
      const attribute = attributes[name];
      if (name === 'config') this.#setValue('config', parseConfig(this.tagName, value));
      else if (attribute) this.#setValue(attribute.property, attribute.parse(value));
    }

    connectedCallback() {
      // Properties set before the element was defined sit on the instance and hide the accessors: move them over.
      for (const property of properties) {
        if (Object.hasOwn(this, property)) {
          const value: unknown = (this as Record<string, unknown>)[property];
          delete (this as Record<string, unknown>)[property];
          (this as Record<string, unknown>)[property] = value;
        }
      }
      this.#scheduleRender();
    }

    disconnectedCallback() {
      // Moving the element disconnects and reconnects it in one task: unmount only if it really left the page.
      queueMicrotask(() => {
        if (this.isConnected) return;
        waitingForClient.delete(this.#renderAgain);
        unmountWidget(this);
      });
    }

    #setValue(property: string, value: unknown) {
      this.#values[property] = value;
      this.#scheduleRender();
    }

    // Properties set right after the element is added (`el.config = …; el.styles = …`) arrive in one render, so
    // `enableShadowDOM` is known before the first one.
    #scheduleRender() {
      if (this.#isRenderScheduled) return;
      this.#isRenderScheduled = true;
      queueMicrotask(() => {
        this.#isRenderScheduled = false;
        if (!this.isConnected) return;
        const client = (this.#values.client as LatchkeyClient | undefined) ?? defaultClient;
        if (!client) {
          // Defined before the page gave a client (the browser module defines the elements on import): wait for one.
          waitingForClient.add(this.#renderAgain);
          return;
        }
        waitingForClient.delete(this.#renderAgain);
        renderWidget(definition, this, { ...this.#values, client });
      });
    }
  };
}

/**
 * Registers the custom element of every widget: `<latchkey-login>`,
 * `<latchkey-reset-password>`, `<latchkey-passkey-registration>`, `<latchkey-totp-enrollment>` and
 * `<latchkey-identity-provider>`, for pages without React code of their own. Their `config`, `styles`, `theme`,
 * `callbacks` and `strings` are JS properties (`config` is also a JSON attribute, `theme` an attribute:
 * `<latchkey-login theme="dark">`); with `config.enableShadowDOM` they render inside a shadow root with the stylesheet
 * adopted. `client` becomes the elements' default client; calling it again only changes the default client. Without a
 * client (the browser module registers the elements on import) an element with no `client` property of its own renders
 * nothing until a later call gives one.
 */
export function defineLatchkeyElements(client?: LatchkeyClient): void {
  if (client) defaultClient = client;
  for (const widget of LATCHKEY_WIDGETS) {
    if (!customElements.get(widget.tagName)) customElements.define(widget.tagName, createElementClass(widget));
  }
  if (defaultClient) {
    const waiting = [...waitingForClient];
    waitingForClient.clear();
    for (const renderAgain of waiting) renderAgain();
  }
}
