/// <reference path="../types/css-inline.d.ts" />
// The stylesheet as text, for the custom elements' shadow roots (a page's stylesheets do not reach inside one).
// Generated from styles.css, its @imports inlined, whenever the kit is built or tested: Vite and vitest read
// `?inline` themselves, the package build through `inlineCss()` (tsup.config.base.ts). Nothing is committed twice.
import css from './styles.css?inline';

/** The text of `styles.css` (base and every product, in one), adopted into the custom elements' shadow roots. */
export const stylesText: string = css;
