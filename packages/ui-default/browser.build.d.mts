// Types of browser.build.mjs, for the TypeScript that imports it (tsup.config.ts).
import type { BuildOptions } from 'esbuild';

export declare const PACKAGE_DIRECTORY: string;
export declare const BROWSER_MODULE: string;
export declare function browserModuleOptions(outfile?: string): BuildOptions;
export declare function buildBrowserModule(): Promise<void>;
