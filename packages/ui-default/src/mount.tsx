import type { SignInCallbacks, SignInConfig } from '@latchkey/hooks';
import type { LatchkeyClient } from '@latchkey/sdk';
import type { ConsentManifestGenerator, IdentityProviderStrings, Strings } from '@latchkey/ui-unstyled';
import { identityProviderWidget } from './products/idp/identityProviderWidget';
import { passkeyRegistrationWidget } from './products/passkeys/passkeyRegistrationWidget';
import { resetPasswordWidget } from './products/passwords/resetPasswordWidget';
import { totpEnrollmentWidget } from './products/totp/totpEnrollmentWidget';
import type { LatchkeyDirection, LatchkeyStyles, LatchkeyTheme } from './theme';
import { createMount, createRender, unmountWidget } from './widgets/renderWidget';
import { signInWidget } from './widgets/signInWidget';

/** The configuration a mount point takes: the widget's options plus `enableShadowDOM`. */
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

/** What the TOTP-enrolment mount point renders: everything but the element. */
export interface TotpEnrollmentOptions extends Omit<WidgetOptions, 'config' | 'strings'> {
  /** Only `enableShadowDOM` is read (the enrolment has no sign-in configuration). */
  config?: Pick<LatchkeyMountConfig, 'enableShadowDOM'>;
  /** How long the new TOTP waits for its first code; default 10 minutes. */
  expirationMinutes?: number;
  /** The session's lifetime after the first code joins it; default 30 minutes. */
  sessionDurationMinutes?: number;
  /** Called once the user confirmed they saved the recovery codes (the enrolment is complete). */
  onDone?: () => void;
}

/** Options of `mountTotpEnrollment`. */
export interface MountTotpEnrollmentOptions extends TotpEnrollmentOptions {
  /** A CSS selector; the widget renders into the first element it matches. */
  elementSelector: string;
}

/** Options of `mountIdentityProvider`. */
export interface MountIdentityProviderOptions extends IdentityProviderOptions {
  /** A CSS selector; the widget renders into the first element it matches. */
  elementSelector: string;
}

export { unmountWidget };

// The render and mount functions of every widget of widgets/index.ts (LATCHKEY_WIDGETS), by the names it declares;
// mount.test.tsx checks that the two lists match.

/** Renders the login widget into `host` (mounting it again re-renders). Used by `mountLogin` and `<latchkey-login>`. */
export const renderLogin: (host: Element, options: WidgetOptions) => void = createRender(signInWidget);

/** Renders the reset-password widget into `host`. Used by `mountResetPassword` and `<latchkey-reset-password>`. */
export const renderResetPassword: (host: Element, options: WidgetOptions & { passwordResetToken?: string }) => void =
  createRender(resetPasswordWidget);

/**
 * Renders the passkey-registration widget into `host`. Used by `mountPasskeyRegistration` and
 * `<latchkey-passkey-registration>`.
 */
export const renderPasskeyRegistration: (host: Element, options: WidgetOptions) => void =
  createRender(passkeyRegistrationWidget);

/** Renders the TOTP-enrolment widget into `host`. Used by `mountTotpEnrollment` and `<latchkey-totp-enrollment>`. */
export const renderTotpEnrollment: (host: Element, options: TotpEnrollmentOptions) => void =
  createRender(totpEnrollmentWidget);

/**
 * Renders the identity-provider widget into `host`. Used by `mountIdentityProvider` and
 * `<latchkey-identity-provider>`.
 */
export const renderIdentityProvider: (host: Element, options: IdentityProviderOptions) => void =
  createRender(identityProviderWidget);

/**
 * Mounts the login widget into the element `elementSelector` matches, inside
 * `<LatchkeyProvider client>`. Mounting again on the same element re-renders it with the new options. Throws when
 * the selector matches nothing. Returns a function that unmounts it.
 */
export const mountLogin: (options: MountLoginOptions) => () => void = createMount(signInWidget);

/**
 * Mounts the reset-password widget, opened on PasswordResetForm for `passwordResetToken`, into the element
 * `elementSelector` matches. Same rules as `mountLogin`.
 */
export const mountResetPassword: (options: MountResetPasswordOptions) => () => void = createMount(resetPasswordWidget);

/**
 * Mounts the passkey-registration widget, opened on PasskeyRegistrationStart for the
 * signed-in user, into the element `elementSelector` matches. With nobody signed in it shows 'Error: Cannot use
 * PasskeyRegistration component without active user authenticated.'. Same rules as `mountLogin`.
 */
export const mountPasskeyRegistration: (options: MountPasskeyRegistrationOptions) => () => void =
  createMount(passkeyRegistrationWidget);

/**
 * Mounts the TOTP enrolment (the themed `<TotpEnrollment>`: 'Set up authenticator app', the QR code and the key, the
 * first code, the recovery codes) for the signed-in user into the element `elementSelector` matches. With nobody
 * signed in it shows 'Error: Cannot use TotpEnrollment component without active user authenticated.'. Same rules as
 * `mountLogin`; new options re-render it in place (it reads no configuration).
 */
export const mountTotpEnrollment: (options: MountTotpEnrollmentOptions) => () => void =
  createMount(totpEnrollmentWidget);

/**
 * Mounts the identity-provider widget (IDPConsent) into the element `elementSelector`
 * matches: the consent screen of the page's authorize request, or the logout confirmation when the query has
 * `post_logout_redirect_uri`. `getManifest` replaces the consent items (the default shows if it throws). Same rules
 * as `mountLogin`.
 */
export const mountIdentityProvider: (options: MountIdentityProviderOptions) => () => void =
  createMount(identityProviderWidget);
