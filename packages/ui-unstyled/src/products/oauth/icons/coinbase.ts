// Ours: simple-icons' Coinbase is the wordmark, unreadable at 20 px (as the wallet slice found). A thick 'C'.
import type { ProviderGlyph } from './glyph';

export const glyph: ProviderGlyph = { path: 'M18.9 6.2A9 9 0 1 0 18.9 17.8L15.4 14.9A4.5 4.5 0 1 1 15.4 9.1z' };
