import {
  IdentityProvider as UnstyledIdentityProvider,
  type IdentityProviderProps as UnstyledIdentityProviderProps,
} from '@latchkey/ui-unstyled';
import { forwardRef } from 'react';

/** Downloads the consent and logout screens' chunk ahead of time (the widget works the same without it). */
export { preloadIdentityProvider } from '@latchkey/ui-unstyled';

import type { LatchkeyDirection, LatchkeyStyles, LatchkeyTheme } from '../../theme';
import { type ShadowDomConfig, WidgetFrame } from '../../widgets/WidgetFrame';

/** The consent screens' rules as text (identity-provider.css), a chunk of its own: only a shadow root fetches it. */
const loadIdentityProviderStyles = () =>
  import('./identityProviderStylesText').then((module) => module.identityProviderStylesText);

/** Props of the themed `IdentityProvider`: the unstyled widget's, plus the theme. */
export interface IdentityProviderProps extends UnstyledIdentityProviderProps {
  /** The theme (colours, buttons, font, container), as for `<SignIn>`; its `logo.logoImageUrl` is the consent logo. */
  styles?: LatchkeyStyles;
  /** The colour theme: `'light'` (default), `'dark'`, or `'auto'`. */
  theme?: LatchkeyTheme;
  /** The writing direction, set as `dir` on the `.lk-Root` (default: inherited from the page). */
  dir?: LatchkeyDirection;
  /** Only `enableShadowDOM` (the widget has no sign-in configuration); the consent rules are adopted with the kit's. */
  config?: ShadowDomConfig;
}

/**
 * The identity-provider widget, themed: `ui-unstyled`'s `IdentityProvider` (IDPConsent: the consent screen, or the
 * logout confirmation when the query has `post_logout_redirect_uri`) inside a `.lk-Root` carrying the `styles` as
 * CSS variables. `styles.logo.logoImageUrl` is the project logo above the consent title unless `logoImageUrl` is
 * given. Import `@latchkey/ui-default/styles.css` once.
 */
export const IdentityProvider = forwardRef<HTMLDivElement, IdentityProviderProps>(function IdentityProvider(
  { styles, theme, dir, config, logoImageUrl, ...props },
  ref,
) {
  return (
    <WidgetFrame
      styles={styles}
      theme={theme}
      dir={dir}
      config={config}
      // In a shadow root the consent screens' rules are adopted too (a page's identity-provider.css does not reach in).
      loadExtraStyles={loadIdentityProviderStyles}
    >
      <UnstyledIdentityProvider
        {...props}
        logoImageUrl={logoImageUrl ?? (styles?.logo?.logoImageUrl || undefined)}
        ref={ref}
      />
    </WidgetFrame>
  );
});
