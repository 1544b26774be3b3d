/**
 * One provider's icon. Most are one path on simple-icons' 24 × 24 grid, drawn in `currentColor` (`evenOdd`: holes
 * cut by the even-odd rule). A brand whose rules require its own colours (Google's "G") gives `brand` instead:
 * coloured paths on their own `viewBox`, drawn as they are whatever the text colour.
 */
export interface ProviderGlyph {
  path?: string;
  evenOdd?: boolean;
  brand?: { viewBox: string; paths: readonly { d: string; fill: string }[] };
}
