// Types of source-files.mjs, for the TypeScript that imports it (scripts/test).
export declare function sourceFiles(
  dir: string,
  options?: { skipFolder?: (path: string, name: string) => boolean; skipFile?: (name: string) => boolean },
): string[];
