// Types of the browser module, dist/browser/latchkey.js (`@latchkey/ui-default/browser`, built from src/browser.ts):
// everything @latchkey/sdk and @latchkey/ui-default export. Importing it also registers the custom elements.
export * from '@latchkey/sdk';
export * from '@latchkey/ui-default';
