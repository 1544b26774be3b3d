// Types of readme-sections.mjs, for the TypeScript that imports it (scripts/test).
export declare const PACKAGES: string[];
export declare const FIX_COMMAND: string;
export declare function sectionText(text: string): string;
export declare function assembleReadme(readme: string, sections: Record<string, string>): string;
export declare function productSections(packageDir: string): Record<string, string>;
export declare function readmeSections(root?: string): { path: string; current: string; expected: string }[];
