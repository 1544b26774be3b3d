// The browser module of @latchkey/ui-default: `dist/browser/latchkey.js`, one self-contained, minified ES module
// for pages without React or a bundler (`<script type="module">`, a CDN). Built by `npm run build` (tsup's
// onSuccess, tsup.config.ts) once the module-per-file build is written, and re-built by the bench
// (scripts/bench/browser-module.mjs) with a metafile to say what weighs what. Plain JavaScript, so both can use it.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** This package's folder. */
export const PACKAGE_DIRECTORY = dirname(fileURLToPath(import.meta.url));

/** The module, relative to the package. */
export const BROWSER_MODULE = 'dist/browser/latchkey.js';

/**
 * esbuild's options for the module: `src/browser.ts` bundled with every import, React, react-dom, sonner,
 * libphonenumber-js and every lazy chunk included (no code splitting, so a dynamic import is resolved in the same
 * file and nothing else is ever fetched), `process.env.NODE_ENV` "production" (React's production build). The
 * Latchkey packages are bundled from their built `dist` files (the default export conditions, not `latchkey-source`), so the
 * module holds exactly the code the npm packages publish; the stylesheet comes in as the text `stylesText`.
 */
export function browserModuleOptions(outfile = join(PACKAGE_DIRECTORY, BROWSER_MODULE)) {
  return {
    absWorkingDir: PACKAGE_DIRECTORY,
    entryPoints: [join(PACKAGE_DIRECTORY, 'src/browser.ts')],
    outfile,
    bundle: true,
    splitting: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    legalComments: 'eof',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
    // tsup's chunks import each other for their side effects, which "sideEffects": false tells esbuild to drop
    // (they have none): not worth a warning per chunk.
    logOverride: { 'ignored-bare-import': 'silent' },
  };
}

/**
 * Writes `dist/browser/latchkey.js` and its source map. Its types are browser.d.ts beside this file (not in dist:
 * tsup's declaration build, running at the same time, removes every `.d.ts` it did not write there).
 */
export async function buildBrowserModule() {
  await build(browserModuleOptions());
}
