// Ours: simple-icons has no LinkedIn. 'in' cut out of a rounded square.
import type { ProviderGlyph } from './glyph';

export const glyph: ProviderGlyph = {
  path:
    'M4 2h16a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z' +
    'M5.8 6.6a1.7 1.7 0 1 0 3.4 0 1.7 1.7 0 1 0-3.4 0zM6 10h3v9H6z' +
    'M11 10h2.9v1.3c.5-.9 1.6-1.5 2.9-1.5 2.3 0 3.2 1.5 3.2 4.1V19h-3v-4.6c0-1.2-.4-1.9-1.4-1.9s-1.6.7-1.6 1.9V19h-3z',
  evenOdd: true,
};
