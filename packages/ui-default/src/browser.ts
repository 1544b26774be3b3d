// The entry of the browser module, `dist/browser/latchkey.js` (`@latchkey/ui-default/browser`): one self-contained
// ES module for pages without React or a bundler. It is bundled by esbuild (browser.build.mjs) from the BUILT
// packages, React, react-dom and every dependency included, and is not part of the module-per-file build.
// Importing it puts the stylesheets (the kit's and the identity provider's) into the page (shadow roots adopt it themselves) and registers
// <latchkey-login>, <latchkey-reset-password>, <latchkey-passkey-registration> and <latchkey-identity-provider>; they render once `defineLatchkeyElements(createClient(…))` gives
// them a client. Everything the SDK and this kit export is exported again, so one import does it all.
import { defineLatchkeyElements, identityProviderStylesText, insertDocumentStylesheet } from '@latchkey/ui-default';

export * from '@latchkey/sdk';
export * from '@latchkey/ui-default';

// Only in a browser: the module may still be imported where there is no DOM (a test runner, a server render).
if (typeof document !== 'undefined' && typeof customElements !== 'undefined') {
  // The identity provider's rules too: the browser module carries every widget.
  insertDocumentStylesheet(document, identityProviderStylesText);
  defineLatchkeyElements();
}
