import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { stylesText } from './stylesText';

it('is the text of styles.css (run scripts/build-styles-text.mjs after editing the stylesheet)', () => {
  expect(stylesText).toBe(readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8'));
});
