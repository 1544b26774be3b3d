import {
  IdentityProvider as UnstyledIdentityProvider,
  type IdentityProviderProps as UnstyledIdentityProviderProps,
} from '@latchkey/ui-unstyled';

/** Downloads the consent and logout screens' chunk ahead of time (the widget works the same without it). */
export { preloadIdentityProvider } from '@latchkey/ui-unstyled';

import { type ThemedWidget, type ThemedWidgetProps, themedWidget } from '../../widgets/themedWidget';

/** The consent screens' rules as text (identity-provider.css), a chunk of its own: only a shadow root fetches it. */
const loadIdentityProviderStyles = () =>
  import('./identityProviderStylesText').then((module) => module.identityProviderStylesText);

/**
 * Props of the themed `IdentityProvider`: the unstyled widget's, plus the theme. `styles.logo.logoImageUrl` is the
 * consent logo; `config` is only `enableShadowDOM` (the widget has no sign-in configuration), and in a shadow root the
 * consent rules are adopted with the kit's.
 */
export interface IdentityProviderProps extends ThemedWidgetProps<UnstyledIdentityProviderProps> {}

/**
 * The identity-provider widget, themed: `ui-unstyled`'s `IdentityProvider` (IDPConsent: the consent screen, or the
 * logout confirmation when the query has `post_logout_redirect_uri`) inside a `.lk-Root` carrying the `styles` as
 * CSS variables. `styles.logo.logoImageUrl` is the project logo above the consent title unless `logoImageUrl` is
 * given. Import `@latchkey/ui-default/styles.css` once.
 */
export const IdentityProvider: ThemedWidget<IdentityProviderProps, HTMLDivElement> = /* @__PURE__ */ themedWidget(
  UnstyledIdentityProvider,
  {
    displayName: 'IdentityProvider',
    // In a shadow root the consent screens' rules are adopted too (a page's identity-provider.css does not reach in).
    loadExtraStyles: loadIdentityProviderStyles,
    withStyles: (props, styles) => ({
      ...props,
      logoImageUrl: props.logoImageUrl ?? (styles?.logo?.logoImageUrl || undefined),
    }),
  },
);
