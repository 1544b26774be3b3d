// Ours: simple-icons has no Slack. A hash of four rounded bars (drawn non-zero, so the crossings stay filled).
import type { ProviderGlyph } from './glyph';

export const glyph: ProviderGlyph = {
  path:
    'M8 4.25a1.25 1.25 0 0 1 2.5 0v15.5a1.25 1.25 0 0 1-2.5 0zm5.5 0a1.25 1.25 0 0 1 2.5 0v15.5a1.25 1.25 0 0 1-2.5 0z' +
    'M4.25 8h15.5a1.25 1.25 0 0 1 0 2.5H4.25a1.25 1.25 0 0 1 0-2.5zm0 5.5h15.5a1.25 1.25 0 0 1 0 2.5H4.25a1.25 1.25 0 0 1 0-2.5z',
};
