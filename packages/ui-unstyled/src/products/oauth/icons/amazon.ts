// Ours: simple-icons has no Amazon. A lowercase 'a' above the smile arrow.
import type { ProviderGlyph } from './glyph';

export const glyph: ProviderGlyph = {
  path:
    'M12 3a5 5 0 1 0 3.2 8.8V13H18V3h-2.8v1.2A5 5 0 0 0 12 3zm-.05 2.6a2.4 2.4 0 1 0 0 4.8 2.4 2.4 0 1 0 0-4.8z' +
    'M2.5 16.1c5.2 3.4 13 3.6 18-.2l.8 1.1c-5.4 4.1-13.8 3.9-19.5.3zM17.8 14.9l4-.5-.7 4z',
  evenOdd: true,
};
