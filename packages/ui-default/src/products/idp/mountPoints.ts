// The identity-provider widget's mount points (`render*`, `mount*`), their options and its custom element's type: declared
// here, in its product's folder, from its widget declaration (LATCHKEY_WIDGETS lists it); the kit exports them through
// the generated products/index.ts.
import type { ConsentManifestGenerator, IdentityProviderStrings } from '@latchkey/ui-unstyled';
import type { LatchkeyLoginElement } from '../../customElements';
import type { LatchkeyMountConfig, WidgetOptions } from '../../mount';
import { createMount, createRender } from '../../widgets/renderWidget';
import { identityProviderWidget } from './identityProviderWidget';

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

/**
 * Renders the identity-provider widget into `host`. Used by `mountIdentityProvider` and
 * `<latchkey-identity-provider>`.
 */
export const renderIdentityProvider: (host: Element, options: IdentityProviderOptions) => void =
  createRender(identityProviderWidget);

/**
 * Mounts the identity-provider widget (IDPConsent) into the element `elementSelector`
 * matches: the consent screen of the page's authorize request, or the logout confirmation when the query has
 * `post_logout_redirect_uri`. `getManifest` replaces the consent items (the default shows if it throws). Same rules
 * as `mountLogin`.
 */
export const mountIdentityProvider: (options: MountIdentityProviderOptions) => () => void =
  createMount(identityProviderWidget);
