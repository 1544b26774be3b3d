// Types of readme-sections.mjs, for the TypeScript that imports it (scripts/test).
export interface ProductSection {
  /** The section file, relative to its package (`src/products/<key>/README.md` or `src/products/<key>.md`). */
  file: string;
  text: string;
}
export declare const FIX_COMMAND: string;
export declare function sectionText(text: string): string;
export declare function sectionParts(text: string): string[];
export declare function assembleReadme(readme: string, sections: Record<string, ProductSection>): string;
export declare function productSections(packageDir: string): Record<string, ProductSection>;
export declare function sectionPackages(root?: string): string[];
export declare function readmeSections(root?: string): { path: string; current: string; expected: string }[];
