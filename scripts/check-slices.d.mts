// Types of check-slices.mjs, for the TypeScript that imports it (scripts/test).
export interface FileMentions {
  /** Relative to the root, `/`-separated: `packages/hooks/src/signInStore.tsx`. */
  file: string;
  /** The package or app: `packages/hooks`. */
  layer: string;
  /** Each product the file names and how many tokens name it. */
  mentions: Record<string, number>;
  /** The tokens naming a product. */
  total: number;
}
export interface AllowedFile {
  file: string;
  reason: string;
}
export interface BaselineComparison {
  added: { file: string; products: string[] }[];
  grown: { file: string; products: string[] }[];
  gone: string[];
  narrowed: { file: string; products: string[] }[];
}
export declare const BASELINE_PATH: string;
export declare const KNOWN_ALIASES: Record<string, string[]>;
export declare const REGISTRY_FILES: Record<string, string>;
export declare function words(text: string): string[];
export declare function findLayers(root?: string): string[];
export declare function registryKeys(fileName: string, text: string): string[];
export declare function findProducts(root?: string): Record<string, string[]>;
export declare function mentionsIn(
  fileName: string,
  text: string,
  products: Record<string, string[]>,
): Record<string, number>;
export declare function allowedBecause(file: string, text: string): string | undefined;
export declare function findProductMentions(root?: string): {
  products: Record<string, string[]>;
  layers: string[];
  files: FileMentions[];
  allowed: AllowedFile[];
};
export declare function baselineOf(files: FileMentions[]): Record<string, string[]>;
export declare function compareWithBaseline(
  files: FileMentions[],
  baseline: Record<string, string[]>,
): BaselineComparison;
export declare function formatBaseline(baseline: Record<string, string[]>): string;
export declare function readBaseline(root?: string): Record<string, string[]>;
export declare function main(
  args: string[],
  io?: { root?: string; log?: (line: string) => void; error?: (line: string) => void },
): number;
