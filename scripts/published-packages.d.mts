// Types of published-packages.mjs, for the TypeScript that imports it (apps/playground/e2e, scripts/test).
export interface PackageManifest {
  name: string;
  version: string;
  private?: boolean;
  exports?: unknown;
  sideEffects?: boolean | string[];
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  [field: string]: unknown;
}
export interface WorkspacePackage {
  /** Relative to the repository root: `packages/sdk`. */
  folder: string;
  /** Absolute. */
  dir: string;
  name: string;
  manifest: PackageManifest;
  published: boolean;
}
export interface ExportTarget {
  subpath: string;
  conditions: string[];
  target: string;
}
export declare const ROOT: string;
export declare const SOURCE_CONDITION: string;
export declare function workspacePackages(): WorkspacePackage[];
export declare function publishedPackages(): WorkspacePackage[];
export declare function exportTargets(manifest: { exports?: unknown }): ExportTarget[];
export declare function assetSubpaths(manifest: { exports?: unknown }): string[];
export declare function esmOnlySubpaths(manifest: { exports?: unknown }): string[];
export declare function keptBySideEffects(sideEffects: boolean | string[] | undefined, file: string): boolean;
export declare function missingBuildOutput(pkg: WorkspacePackage): string[];
export declare function assertBuilt(packages: WorkspacePackage[]): void;
export declare function pack(pkg: WorkspacePackage, destination: string): { tarball: string; files: string[] };
