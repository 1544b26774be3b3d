// Ours: simple-icons has no Yahoo. A 'Y' and an exclamation mark.
import type { ProviderGlyph } from './glyph';

export const glyph: ProviderGlyph = {
  path: 'M1.5 5h4.2l3.8 7.2L13.3 5h4.2l-6.1 11v5H7.6v-5zM18.6 5h3.4l-.9 10.2h-1.6zm.1 12.4h3.2V21h-3.2z',
};
