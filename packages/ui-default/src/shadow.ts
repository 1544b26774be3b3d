import { stylesText } from './stylesText';

const sheets = new WeakMap<Document, CSSStyleSheet>();

/**
 * Puts the kit's stylesheet into `shadowRoot` (a page's stylesheets do not reach inside one): as a constructed,
 * shared stylesheet where the browser supports `adoptedStyleSheets`, else as a `<style>` element.
 */
export function adoptStylesheet(shadowRoot: ShadowRoot): void {
  const document = shadowRoot.ownerDocument;
  const view = document.defaultView;
  if (view && 'adoptedStyleSheets' in shadowRoot && 'replaceSync' in view.CSSStyleSheet.prototype) {
    let sheet = sheets.get(document);
    if (!sheet) {
      sheet = new view.CSSStyleSheet();
      sheet.replaceSync(stylesText);
      sheets.set(document, sheet);
    }
    if (!shadowRoot.adoptedStyleSheets.includes(sheet)) {
      shadowRoot.adoptedStyleSheets = [...shadowRoot.adoptedStyleSheets, sheet];
    }
    return;
  }
  if (shadowRoot.querySelector('style[data-latchkey-styles]')) return;
  const style = document.createElement('style');
  style.setAttribute('data-latchkey-styles', '');
  style.textContent = stylesText;
  shadowRoot.prepend(style);
}

/**
 * Puts the kit's stylesheet into `document` (once) for widgets rendered in the light DOM, as a
 * `<style data-latchkey-styles>` at the top of its head: before the page's own stylesheets, so a rule of the page
 * wins over the kit's at equal weight, as it does after a linked `styles.css`. Nothing is added when an element
 * with `data-latchkey-styles` is already in the head (mark your own `<link rel="stylesheet" href="…/styles.css">`
 * so). The browser module (`@latchkey/ui-default/browser`) calls it on import; with a bundler, import
 * `@latchkey/ui-default/styles.css` instead.
 */
export function insertDocumentStylesheet(document: Document = globalThis.document): void {
  if (document.head.querySelector('[data-latchkey-styles]')) return;
  const style = document.createElement('style');
  style.setAttribute('data-latchkey-styles', '');
  style.textContent = stylesText;
  document.head.prepend(style);
}
