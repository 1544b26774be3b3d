// The browser module of @latchkey/ui-default: `dist/browser/latchkey.js`, one self-contained, minified ES module
// for pages without React or a bundler (`<script type="module">`, a CDN). Built by `npm run build` (tsup's
// onSuccess, tsup.config.ts) once the module-per-file build is written, and re-built by the bench
// (scripts/bench/browser-module.mjs) with a metafile to say what weighs what. Plain JavaScript, so both can use it.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** This package's folder. */
export const PACKAGE_DIRECTORY = dirname(fileURLToPath(import.meta.url));

/** The module, relative to the package. */
export const BROWSER_MODULE = 'dist/browser/latchkey.js';

/** The built files of the Latchkey packages this module bundles (sdk, hooks, ui-unstyled and this one). */
const LATCHKEY_DIST = /[\\/]packages[\\/](?:sdk|hooks|ui-unstyled|ui-default)[\\/]dist[\\/][^?]*\.js$/;

/** A dynamic import of a string literal, as tsup writes them: `import("./x.js")`, `import('@simplewebauthn/browser')`. */
const DYNAMIC_IMPORT = /\bimport\((["'])([^"'\n]+)\1\)/g;

/**
 * In one file nothing is ever fetched, so the packages' dynamic imports (the lazy screens, the flows' rows, the
 * WebAuthn library) only cost bytes: esbuild wraps each module they reach in a lazy initialiser with its own
 * exports object, and cannot hoist or tree-shake across it (about 6.6 kB gzipped of this file). This plugin makes
 * each one a static import of the same module, so every module is evaluated once, in import order, when the
 * module loads, and `import(x)` becomes a promise of the same namespace object. Only the packages' own modules are
 * rewritten; their top levels declare (no module acts on the page until a widget renders).
 */
export const staticDynamicImports = {
  name: 'latchkey-static-dynamic-imports',
  setup(build) {
    build.onLoad({ filter: LATCHKEY_DIST }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const imports = [];
      const contents = source.replace(DYNAMIC_IMPORT, (_, _quote, specifier) => {
        const name = `__latchkeyLazy${imports.length}`;
        imports.push(`import * as ${name} from ${JSON.stringify(specifier)};`);
        return `Promise.resolve(${name})`;
      });
      return imports.length ? { contents: `${imports.join('\n')}\n${contents}`, loader: 'js' } : undefined;
    });
  },
};

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
    // The files are JavaScript already, and an ES module is strict throughout: without this, esbuild reads the
    // packages' tsconfig (`strict`) and repeats "use strict" in each module's wrapper.
    tsconfigRaw: { compilerOptions: { alwaysStrict: false, strict: false } },
    plugins: [staticDynamicImports],
  };
}

/**
 * Writes `dist/browser/latchkey.js` and its source map. Its types are browser.d.ts beside this file (not in dist:
 * tsup's declaration build, running at the same time, removes every `.d.ts` it did not write there).
 */
export async function buildBrowserModule() {
  await build(browserModuleOptions());
}
