import { stylesText } from './stylesText';

// One constructed stylesheet per document and text, shared by every shadow root that adopts it.
const sheets = new WeakMap<Document, Map<string, CSSStyleSheet>>();

/**
 * Puts the kit's stylesheet into `shadowRoot` (a page's stylesheets do not reach inside one), followed by `extra`
 * (the identity provider's rules) when given: as constructed, shared stylesheets where the browser supports
 * `adoptedStyleSheets`, else as `<style>` elements.
 */
export function adoptStylesheet(shadowRoot: ShadowRoot, extra?: string): void {
  const document = shadowRoot.ownerDocument;
  const view = document.defaultView;
  const texts = extra === undefined ? [stylesText] : [stylesText, extra];
  if (view && 'adoptedStyleSheets' in shadowRoot && 'replaceSync' in view.CSSStyleSheet.prototype) {
    let byText = sheets.get(document);
    if (!byText) {
      byText = new Map();
      sheets.set(document, byText);
    }
    for (const text of texts) {
      let sheet = byText.get(text);
      if (!sheet) {
        sheet = new view.CSSStyleSheet();
        sheet.replaceSync(text);
        byText.set(text, sheet);
      }
      if (!shadowRoot.adoptedStyleSheets.includes(sheet)) {
        shadowRoot.adoptedStyleSheets = [...shadowRoot.adoptedStyleSheets, sheet];
      }
    }
    return;
  }
  let last: Element | null = null;
  for (const text of texts) {
    const existing = [...shadowRoot.querySelectorAll('style[data-latchkey-styles]')].find(
      (style) => style.textContent === text,
    );
    if (existing) {
      last = existing;
      continue;
    }
    const style = document.createElement('style');
    style.setAttribute('data-latchkey-styles', '');
    style.textContent = text;
    if (last) last.after(style);
    else shadowRoot.prepend(style);
    last = style;
  }
}

/**
 * Puts the kit's stylesheet into `document` (once) for widgets rendered in the light DOM, as a
 * `<style data-latchkey-styles>` at the top of its head: before the page's own stylesheets, so a rule of the page
 * wins over the kit's at equal weight, as it does after a linked `styles.css`. Nothing is added when an element
 * with `data-latchkey-styles` is already in the head (mark your own `<link rel="stylesheet" href="…/styles.css">`
 * so). The browser module (`@latchkey/ui-default/browser`) calls it on import; with a bundler, import
 * `@latchkey/ui-default/styles.css` instead.
 */
export function insertDocumentStylesheet(document: Document = globalThis.document, extra?: string): void {
  let base = document.head.querySelector('[data-latchkey-styles]');
  if (!base) {
    const style = document.createElement('style');
    style.setAttribute('data-latchkey-styles', '');
    style.textContent = stylesText;
    document.head.prepend(style);
    base = style;
  }
  // `extra` (the identity provider's rules, for the browser module) right after the kit's, once.
  if (extra === undefined || document.head.querySelector('[data-latchkey-extra-styles]')) return;
  const style = document.createElement('style');
  style.setAttribute('data-latchkey-extra-styles', '');
  style.textContent = extra;
  base.after(style);
}
