// Ours: simple-icons has no Salesforce. A cloud.
import type { ProviderGlyph } from './glyph';

export const glyph: ProviderGlyph = {
  path: 'M6.5 19A4.5 4.5 0 0 1 5.4 10.1 6 6 0 0 1 15.9 7.4 5 5 0 0 1 22 12.2 5 5 0 0 1 17.2 19z',
};
