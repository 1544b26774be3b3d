// Types of find-chromium.mjs, for the TypeScript that imports it (apps/playground/e2e).
export declare const CHROMIUM_ENV_VARS: string[];
export declare const PATH_NAMES: string[];
export declare const USUAL_LOCATIONS: Record<string, string[]>;
export declare const CHROMIUM_ARGS: string[];
export declare const NO_BROWSER_HINT: string;
export interface FindChromiumOptions {
  env?: Record<string, string | undefined>;
  platform?: string;
  isExecutable?: (path: string) => boolean;
}
export declare function findChromium(
  options?: FindChromiumOptions,
): { path: string; source: string } | { path: null; error: string; named?: string };
