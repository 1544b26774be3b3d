// Types of generated-files.mjs, for the TypeScript that imports it (scripts/test).
export declare function currentText(root: string, path: string): string;
export declare function writeOrCheck(
  files: { path: string; current: string; expected: string }[],
  options: { root: string; fixCommand: string; args?: string[] },
): void;
