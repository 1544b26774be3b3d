// Types of generate-sdk-barrels.mjs, for the TypeScript that imports it (scripts/test).
export declare const FIX_COMMAND: string;
export declare const CONTRACT_BARREL: string;
export declare function contractBarrel(core: string[], products: string[]): string;
export declare function sdkBarrels(root?: string): { path: string; current: string; expected: string }[];
