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
