// Writes src/stylesText.ts: the text of src/styles.css as a string, for shadow roots (a page's stylesheets do
// not reach inside one, so the custom elements adopt this text). styles.css stays the one source: run this after
// editing it (`node packages/ui-default/scripts/build-styles-text.mjs`); stylesText.test.ts fails while they differ.
import { readFile, writeFile } from 'node:fs/promises';

const css = await readFile(new URL('../src/styles.css', import.meta.url), 'utf8');
const literal = css.replaceAll('\\', '\\\\').replaceAll('`', '\\`').replaceAll('${', '\\${');
const source = `// Generated from styles.css by scripts/build-styles-text.mjs. Do not edit: edit styles.css and run the script.

/** The text of \`styles.css\`, adopted into the custom elements' shadow roots. */
export const stylesText = \`${literal}\`;
`;
await writeFile(new URL('../src/stylesText.ts', import.meta.url), source);
