import { LatchkeyProvider, type SignInCallbacks, type SignInConfig } from '@latchkey/hooks';
import type { LatchkeyClient } from '@latchkey/sdk';
import type { ConsentManifestGenerator, IdentityProviderStrings, Strings } from '@latchkey/ui-unstyled';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IdentityProvider } from './IdentityProvider';
import { identityProviderStylesText } from './identityProviderStylesText';
import { PasskeyRegistration } from './PasskeyRegistration';
import { ResetPassword } from './ResetPassword';
import { SignIn } from './SignIn';
import { adoptStylesheet } from './shadow';
import { type LatchkeyDirection, type LatchkeyStyles, type LatchkeyTheme, withStyleConfig } from './theme';

/** The configuration a mount point takes: the widget's (spec §3 Configuration) plus `enableShadowDOM`. */
export interface LatchkeyMountConfig extends SignInConfig {
  /**
   * Renders the widget inside a shadow root attached to the element, with the kit's stylesheet adopted into it
   * (page styles cannot reach in; the `--lk-*` variables still inherit). Read when an element is first mounted.
   */
  enableShadowDOM?: boolean;
}

/** What a mount point renders: everything but the element. */
export interface WidgetOptions {
  /** The page's Latchkey client (`createClient(publicToken)`). */
  client: LatchkeyClient;
  config?: LatchkeyMountConfig;
  /** The theme; `hideHeaderText` and `logo` are merged into `config.style`. */
  styles?: LatchkeyStyles;
  /** The colour theme: `'light'` (default), `'dark'` or `'auto'` (follows `prefers-color-scheme`). */
  theme?: LatchkeyTheme;
  /** The writing direction of the widget's root (default: inherited from the element and the page). */
  dir?: LatchkeyDirection;
  /** The host's `onEvent` / `onError`. */
  callbacks?: SignInCallbacks;
  /** Replacement texts by message id. */
  strings?: Strings;
}

/** Options of `mountLogin`. */
export interface MountLoginOptions extends WidgetOptions {
  /** A CSS selector; the widget renders into the first element it matches. */
  elementSelector: string;
}

/** Options of `mountResetPassword`. */
export interface MountResetPasswordOptions extends MountLoginOptions {
  /** The `token` of the emailed reset link. */
  passwordResetToken: string;
}

/** Options of `mountPasskeyRegistration`: those of `mountLogin` (its `config.products` are not read). */
export type MountPasskeyRegistrationOptions = MountLoginOptions;

/** What the identity-provider mount point renders: everything but the element. */
export interface IdentityProviderOptions extends Omit<WidgetOptions, 'config' | 'strings'> {
  /** Only `enableShadowDOM` is read (the widget has no sign-in configuration). */
  config?: Pick<LatchkeyMountConfig, 'enableShadowDOM'>;
  /** Replacement texts by message id (`idpConsent.*`, `idpScope.*`, `idpLogout.*`, `idpError.*` and the shared ones). */
  strings?: IdentityProviderStrings;
  /** A custom consent manifest generator; if it throws (or returns no manifest) the default manifest shows. */
  getManifest?: ConsentManifestGenerator;
  /** The query string to read instead of the page's (`window.location.search`). */
  search?: string;
  /** How to leave for the client (default `window.location.assign`). */
  navigate?: (url: string) => void;
  /**
   * `'authorize'` or `'logout'`; default: `'logout'` when the query has `post_logout_redirect_uri`. Set `'logout'` on
   * the logout page: a logout request may carry only `id_token_hint`.
   */
  flow?: 'authorize' | 'logout';
}

/** Options of `mountIdentityProvider`. */
export interface MountIdentityProviderOptions extends IdentityProviderOptions {
  /** A CSS selector; the widget renders into the first element it matches. */
  elementSelector: string;
}

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

type RenderWidget = (config: SignInConfig, toastContainer: Element | undefined) => ReactNode;

function renderWidget(
  host: Element,
  { client, config }: WidgetOptions,
  render: RenderWidget,
  extraStyles?: string,
): void {
  const { enableShadowDOM = false, ...widgetConfig } = config ?? {};
  const { root, isShadow } = mountPoint(host, enableShadowDOM, extraStyles);
  // sonner puts its CSS in the document's head, so toasts of a shadow-root widget render in the light DOM.
  const toastContainer = isShadow ? host.ownerDocument.body : undefined;
  root.render(
    <LatchkeyProvider key={clientKey(client)} client={client}>
      {render(widgetConfig, toastContainer)}
    </LatchkeyProvider>,
  );
}

// The unstyled widgets read their configuration when they mount, so a new configuration mounts a new widget; the
// same configuration (e.g. only the theme or the callbacks changed) keeps the user where they are.
function configKey(config: SignInConfig, styles: LatchkeyStyles | undefined, extra = ''): string {
  return `${JSON.stringify(withStyleConfig(config, styles))}${extra}`;
}

/** Renders the login widget into `host` (mounting it again re-renders). Used by `mountLogin` and `<latchkey-login>`. */
export function renderLogin(host: Element, options: WidgetOptions): void {
  renderWidget(host, options, (config, toastContainer) => (
    <SignIn
      key={configKey(config, options.styles)}
      config={config}
      styles={options.styles}
      theme={options.theme}
      dir={options.dir}
      callbacks={options.callbacks}
      strings={options.strings}
      toastContainer={toastContainer}
    />
  ));
}

/** Renders the reset-password widget into `host`. Used by `mountResetPassword` and `<latchkey-reset-password>`. */
export function renderResetPassword(host: Element, options: WidgetOptions & { passwordResetToken?: string }): void {
  renderWidget(host, options, (config, toastContainer) => (
    <ResetPassword
      key={configKey(config, options.styles, options.passwordResetToken)}
      config={config}
      styles={options.styles}
      theme={options.theme}
      dir={options.dir}
      callbacks={options.callbacks}
      strings={options.strings}
      passwordResetToken={options.passwordResetToken}
      toastContainer={toastContainer}
    />
  ));
}

/**
 * Renders the passkey-registration widget into `host`. Used by `mountPasskeyRegistration` and
 * `<latchkey-passkey-registration>`.
 */
export function renderPasskeyRegistration(host: Element, options: WidgetOptions): void {
  renderWidget(host, options, (config, toastContainer) => (
    <PasskeyRegistration
      key={configKey(config, options.styles)}
      config={config}
      styles={options.styles}
      theme={options.theme}
      dir={options.dir}
      callbacks={options.callbacks}
      strings={options.strings}
      toastContainer={toastContainer}
    />
  ));
}

/**
 * Renders the identity-provider widget into `host`. Used by `mountIdentityProvider` and
 * `<latchkey-identity-provider>`.
 */
export function renderIdentityProvider(host: Element, options: IdentityProviderOptions): void {
  const { client, config, search } = options;
  renderWidget(
    host,
    { client, config: { enableShadowDOM: config?.enableShadowDOM } },
    () => (
      // The widget reads the query once: another query (`search`) mounts a fresh one; new styles or callbacks do not.
      <IdentityProvider
        key={search ?? ''}
        styles={options.styles}
        theme={options.theme}
        dir={options.dir}
        callbacks={options.callbacks}
        strings={options.strings}
        getManifest={options.getManifest}
        search={search}
        navigate={options.navigate}
        flow={options.flow}
      />
    ),
    identityProviderStylesText,
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

/**
 * Mounts the login widget (sdk-and-idp §2 Mount points) into the element `elementSelector` matches, inside
 * `<LatchkeyProvider client>`. Mounting again on the same element re-renders it with the new options. Throws when
 * the selector matches nothing. Returns a function that unmounts it.
 */
export function mountLogin({ elementSelector, ...options }: MountLoginOptions): () => void {
  const host = findElement(elementSelector);
  renderLogin(host, options);
  return () => unmountWidget(host);
}

/**
 * Mounts the reset-password widget, opened on PasswordResetForm for `passwordResetToken`, into the element
 * `elementSelector` matches. Same rules as `mountLogin`.
 */
export function mountResetPassword({ elementSelector, ...options }: MountResetPasswordOptions): () => void {
  const host = findElement(elementSelector);
  renderResetPassword(host, options);
  return () => unmountWidget(host);
}

/**
 * Mounts the passkey-registration widget (sdk-and-idp §2 Mount points), opened on PasskeyRegistrationStart for the
 * signed-in user, into the element `elementSelector` matches. With nobody signed in it shows 'Error: Cannot use
 * PasskeyRegistration component without active user authenticated.'. Same rules as `mountLogin`.
 */
export function mountPasskeyRegistration({ elementSelector, ...options }: MountPasskeyRegistrationOptions): () => void {
  const host = findElement(elementSelector);
  renderPasskeyRegistration(host, options);
  return () => unmountWidget(host);
}

/**
 * Mounts the identity-provider widget (sdk-and-idp §2 Mount points: IDPConsent) into the element `elementSelector`
 * matches: the consent screen of the page's authorize request, or the logout confirmation when the query has
 * `post_logout_redirect_uri`. `getManifest` replaces the consent items (the default shows if it throws). Same rules
 * as `mountLogin`.
 */
export function mountIdentityProvider({ elementSelector, ...options }: MountIdentityProviderOptions): () => void {
  const host = findElement(elementSelector);
  renderIdentityProvider(host, options);
  return () => unmountWidget(host);
}
