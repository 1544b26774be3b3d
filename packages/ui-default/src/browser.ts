// The entry of the browser module, `dist/browser/latchkey.js` (`@latchkey/ui-default/browser`): one self-contained
// ES module for pages without React or a bundler. It is bundled by esbuild (browser.build.mjs) from the BUILT
// packages, React, react-dom and every dependency included, and is not part of the module-per-file build.
// Importing it puts the stylesheets (the kit's and every widget's extra rules, the identity provider's) into the page
// (shadow roots adopt them themselves) and registers the custom element of every widget of LATCHKEY_WIDGETS
// (<latchkey-login>, <latchkey-reset-password>, …); they render once `defineLatchkeyElements(createClient(…))` gives
// them a client. Everything the SDK and this kit export is exported again, so one import does it all.
import { defineLatchkeyElements, insertDocumentStylesheet, LATCHKEY_WIDGETS } from '@latchkey/ui-default';

export * from '@latchkey/sdk';
export * from '@latchkey/ui-default';

// Only in a browser: the module may still be imported where there is no DOM (a test runner, a server render).
if (typeof document !== 'undefined' && typeof customElements !== 'undefined') {
  // Every widget's extra rules too (the identity provider's): the browser module carries every widget.
  const extraStyles = LATCHKEY_WIDGETS.flatMap((widget) => ('extraStyles' in widget ? [widget.extraStyles] : []));
  insertDocumentStylesheet(document, extraStyles.length > 0 ? extraStyles.join('\n') : undefined);
  defineLatchkeyElements();
}
