/// <reference path="../../../types/css-inline.d.ts" />
// The consent screen's stylesheet as text, for the identity-provider mount point's shadow root and the browser module
// (identity-provider.css with its import inlined, like stylesText.ts).
import css from '../../identity-provider.css?inline';

/** The text of `identity-provider.css`: the consent and logout screens' rules, on top of `stylesText`. */
export const identityProviderStylesText: string = css;
