/** One provider's icon on simple-icons' 24 × 24 grid: its path, and whether it cuts holes by the even-odd rule. */
export interface ProviderGlyph {
  path: string;
  evenOdd?: boolean;
}
