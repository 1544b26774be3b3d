// Types of generate-product-barrels.mjs, for the TypeScript that imports it (scripts/test).
export declare const FIX_COMMAND: string;
export declare const HOOKS_BARREL: string;
export declare const SDK_BARREL: string;
export declare function barrel(from: string, about: string[], modules: string[]): string;
export declare function productBarrels(root?: string): { path: string; current: string; expected: string }[];
