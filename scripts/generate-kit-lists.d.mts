// Types of generate-kit-lists.mjs, for the TypeScript that imports it (scripts/test).
export declare const FIX_COMMAND: string;
export declare const KIT_PACKAGES: string[];
export declare function productsBarrel(modules: string[]): string;
export declare function productCatalogue(catalogues: { key: string; name: string }[]): string;
export declare function kitLists(root?: string): { path: string; current: string; expected: string }[];
