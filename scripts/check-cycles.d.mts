// Types of check-cycles.mjs, for the TypeScript that imports it (scripts/test).
export interface ImportCycle {
  /** The package or app, relative to the root: `apps/provider`. */
  folder: string;
  /** The modules of one strongly connected component, relative to the root, in name order. */
  modules: string[];
}
export declare function runtimeImports(fileName: string, text: string): string[];
export declare function findCycles(graph: ReadonlyMap<string, Iterable<string>>): string[][];
export declare function importGraph(
  srcDir: string,
  options?: { root?: string; packageDir?: string },
): Map<string, Set<string>>;
export declare function findImportCycles(root?: string): ImportCycle[];
export declare function cyclePath(graph: ReadonlyMap<string, Iterable<string>>, modules: string[]): string[];
