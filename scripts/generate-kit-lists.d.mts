// Types of generate-kit-lists.mjs, for the TypeScript that imports it (scripts/test).
export declare const FIX_COMMAND: string;
export declare const KIT_PACKAGES: string[];
export declare function productsBarrel(modules: string[]): string;
export interface CataloguePart {
  source: string;
  onlyKits: boolean;
  output: string;
  constName: string;
  interfaceName: string;
  what: string;
  comment: string[];
  list?: { suffix: string; constName: string; doc: string };
}
export declare const CATALOGUE_PARTS: CataloguePart[];
export declare function productCatalogue(
  catalogues: { key: string; name: string; lists?: string[] }[],
  part?: CataloguePart,
): string;
export declare function biomeFormatted(path: string, text: string): string;
export declare function kitLists(root?: string): { path: string; current: string; expected: string }[];
export declare const STYLESHEET: string;
export declare function kitKeys(text: string): string[];
export declare function stylesheet(root: string, keys: string[]): string;
