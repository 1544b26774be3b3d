// Ours: simple-icons has no Microsoft. Four squares.
import type { ProviderGlyph } from './glyph';

export const glyph: ProviderGlyph = { path: 'M2 2h9.5v9.5H2zm10.5 0H22v9.5h-9.5zM2 12.5h9.5V22H2zm10.5 0H22V22h-9.5z' };
