// simple-icons' X (X's mark; the provider keeps its key `twitter`), CC0, copied from simple-icons 16.37.0 (icons.test.ts checks it still equals
// `siX.path`): written out because importing it from 'simple-icons' would put every icon in one shared chunk.
import type { ProviderGlyph } from './glyph';

export const glyph: ProviderGlyph = {
  path: 'M14.234 10.162 22.977 0h-2.072l-7.591 8.824L7.251 0H.258l9.168 13.343L.258 24H2.33l8.016-9.318L16.749 24h6.993zm-2.837 3.299-.929-1.329L3.076 1.56h3.182l5.965 8.532.929 1.329 7.754 11.09h-3.182z',
};
