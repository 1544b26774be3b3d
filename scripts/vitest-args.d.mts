// Types of vitest-args.mjs, for the TypeScript that imports it (scripts/test).
export declare function withoutProject(args: string[], name: string): string[] | null;
