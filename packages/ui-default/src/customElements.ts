import type { SignInCallbacks } from '@latchkey/hooks';
import type { LatchkeyClient } from '@latchkey/sdk';
import type { ConsentManifestGenerator, Strings } from '@latchkey/ui-unstyled';
import {
  type LatchkeyMountConfig,
  renderIdentityProvider,
  renderLogin,
  renderPasskeyRegistration,
  renderResetPassword,
  unmountWidget,
  type WidgetOptions,
} from './mount';
import { type LatchkeyStyles, type LatchkeyTheme, parseTheme } from './theme';

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

/** `<latchkey-reset-password>`: the reset-password widget; `passwordResetToken` or the `password-reset-token` attribute. */
export interface LatchkeyResetPasswordElement extends LatchkeyLoginElement {
  /** The `token` of the emailed reset link (default: read from the page's URL). */
  passwordResetToken: string | undefined;
}

/** `<latchkey-passkey-registration>`: the passkey-registration widget, with the same properties as `<latchkey-login>`. */
export type LatchkeyPasskeyRegistrationElement = LatchkeyLoginElement;

/**
 * `<latchkey-identity-provider>`: the identity-provider widget (the consent screen, or the logout confirmation), with
 * the properties of `<latchkey-login>` (of `config` only `enableShadowDOM` is read), `getManifest` and `flow`.
 */
export interface LatchkeyIdentityProviderElement extends LatchkeyLoginElement {
  /** A custom consent manifest generator; if it throws (or returns no manifest) the default manifest shows. */
  getManifest: ConsentManifestGenerator | undefined;
  /**
   * `'authorize'` or `'logout'` (also the `flow` attribute); default: `'logout'` when the query has
   * `post_logout_redirect_uri`. Set `flow="logout"` on the logout page: a logout request may carry only
   * `id_token_hint`.
   */
  flow: 'authorize' | 'logout' | undefined;
}

/** The tag names `defineLatchkeyElements` registers. */
export const LATCHKEY_ELEMENTS = {
  login: 'latchkey-login',
  resetPassword: 'latchkey-reset-password',
  passkeyRegistration: 'latchkey-passkey-registration',
  identityProvider: 'latchkey-identity-provider',
} as const;

const PROPERTIES = [
  'client',
  'config',
  'styles',
  'theme',
  'callbacks',
  'strings',
  'passwordResetToken',
  'getManifest',
  'flow',
] as const;

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

type Render = (
  host: Element,
  options: WidgetOptions & {
    passwordResetToken?: string;
    getManifest?: ConsentManifestGenerator;
    flow?: 'authorize' | 'logout';
  },
) => void;

/** The `flow` attribute's value: `'authorize'` or `'logout'`, anything else the default (read from the query). */
function parseFlow(value: string | null): 'authorize' | 'logout' | undefined {
  return value === 'authorize' || value === 'logout' ? value : undefined;
}

// Classes are made on demand: HTMLElement does not exist where the module may be imported on a server.
function createElementClass(render: Render) {
  return class LatchkeyElement
    extends HTMLElement
    implements LatchkeyResetPasswordElement, LatchkeyIdentityProviderElement
  {
    // `dir` needs no plumbing: the widget inherits the element's direction, into a shadow root too.
    static observedAttributes = ['config', 'theme', 'password-reset-token', 'flow'];

    #client: LatchkeyClient | undefined;
    #config: LatchkeyMountConfig | undefined;
    #styles: LatchkeyStyles | undefined;
    #theme: LatchkeyTheme | undefined;
    #callbacks: SignInCallbacks | undefined;
    #strings: Strings | undefined;
    #passwordResetToken: string | undefined;
    #getManifest: ConsentManifestGenerator | undefined;
    #flow: 'authorize' | 'logout' | undefined;
    #isRenderScheduled = false;
    readonly #renderAgain = () => this.#scheduleRender();

    get client() {
      return this.#client;
    }
    set client(value) {
      this.#client = value;
      this.#scheduleRender();
    }
    get config() {
      return this.#config;
    }
    set config(value) {
      this.#config = value;
      this.#scheduleRender();
    }
    get styles() {
      return this.#styles;
    }
    set styles(value) {
      this.#styles = value;
      this.#scheduleRender();
    }
    get theme() {
      return this.#theme;
    }
    set theme(value) {
      this.#theme = value;
      this.#scheduleRender();
    }
    get callbacks() {
      return this.#callbacks;
    }
    set callbacks(value) {
      this.#callbacks = value;
      this.#scheduleRender();
    }
    get strings() {
      return this.#strings;
    }
    set strings(value) {
      this.#strings = value;
      this.#scheduleRender();
    }
    get passwordResetToken() {
      return this.#passwordResetToken;
    }
    set passwordResetToken(value) {
      this.#passwordResetToken = value;
      this.#scheduleRender();
    }
    get getManifest() {
      return this.#getManifest;
    }
    set getManifest(value) {
      this.#getManifest = value;
      this.#scheduleRender();
    }
    get flow() {
      return this.#flow;
    }
    set flow(value) {
      this.#flow = value;
      this.#scheduleRender();
    }

    attributeChangedCallback(name: string, _previous: string | null, value: string | null) {
      if (name === 'config') this.config = parseConfig(this.tagName, value);
      // An unknown value is the default, light, as an unknown `dir` is the inherited direction.
      else if (name === 'theme') this.theme = parseTheme(value);
      else if (name === 'password-reset-token') this.passwordResetToken = value ?? undefined;
      else if (name === 'flow') this.flow = parseFlow(value);
    }

    connectedCallback() {
      // Properties set before the element was defined sit on the instance and hide the accessors: move them over.
      for (const property of PROPERTIES) {
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

    // Properties set right after the element is added (`el.config = …; el.styles = …`) arrive in one render, so
    // `enableShadowDOM` is known before the first one.
    #scheduleRender() {
      if (this.#isRenderScheduled) return;
      this.#isRenderScheduled = true;
      queueMicrotask(() => {
        this.#isRenderScheduled = false;
        if (!this.isConnected) return;
        const client = this.#client ?? defaultClient;
        if (!client) {
          // Defined before the page gave a client (the browser module defines the elements on import): wait for one.
          waitingForClient.add(this.#renderAgain);
          return;
        }
        waitingForClient.delete(this.#renderAgain);
        render(this, {
          client,
          config: this.#config,
          styles: this.#styles,
          theme: this.#theme,
          callbacks: this.#callbacks,
          strings: this.#strings,
          passwordResetToken: this.#passwordResetToken,
          getManifest: this.#getManifest,
          flow: this.#flow,
        });
      });
    }
  };
}

/**
 * Registers `<latchkey-login>`, `<latchkey-reset-password>`, `<latchkey-passkey-registration>` and
 * `<latchkey-identity-provider>` (sdk-and-idp §2 Mount points) for pages without
 * React code of their own. Their `config`, `styles`, `theme`, `callbacks` and `strings` are JS properties (`config`
 * is also a JSON attribute, `theme` an attribute: `<latchkey-login theme="dark">`); with `config.enableShadowDOM` they
 * render inside a shadow root with the stylesheet adopted. `client` becomes the elements' default client; calling it
 * again only changes the default client. Without a client (the browser module registers the elements on import) an
 * element with no `client` property of its own renders nothing until a later call gives one.
 */
export function defineLatchkeyElements(client?: LatchkeyClient): void {
  if (client) defaultClient = client;
  if (!customElements.get(LATCHKEY_ELEMENTS.login)) {
    customElements.define(LATCHKEY_ELEMENTS.login, createElementClass(renderLogin));
  }
  if (!customElements.get(LATCHKEY_ELEMENTS.resetPassword)) {
    customElements.define(LATCHKEY_ELEMENTS.resetPassword, createElementClass(renderResetPassword));
  }
  if (!customElements.get(LATCHKEY_ELEMENTS.passkeyRegistration)) {
    customElements.define(LATCHKEY_ELEMENTS.passkeyRegistration, createElementClass(renderPasskeyRegistration));
  }
  if (!customElements.get(LATCHKEY_ELEMENTS.identityProvider)) {
    customElements.define(LATCHKEY_ELEMENTS.identityProvider, createElementClass(renderIdentityProvider));
  }
  if (defaultClient) {
    const waiting = [...waitingForClient];
    waitingForClient.clear();
    for (const renderAgain of waiting) renderAgain();
  }
}
