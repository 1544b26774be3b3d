import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { build, type Plugin } from 'esbuild';
import type { Options } from 'tsup';

// tsup writes the declarations in a worker thread (rollup-plugin-dts over every module entry), which inherits this
// process's heap limit: ui-unstyled's ~150 entries need more than Node's default 4 GB. Raised here rather than by
// NODE_OPTIONS in each package's script, so `npm run build` works the same on every platform.
setFlagsFromString('--max-old-space-size=8192');

/** The one tsup configuration every package builds with: ESM + CJS + `.d.ts`, tree-shakable. */
export function packageBuild(entry: Record<string, string>, overrides: Options = {}): Options {
  return {
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    splitting: true,
    treeshake: true,
    target: 'es2022',
    platform: 'browser',
    ...overrides,
    // After the package's own onSuccess (ui-default writes its stylesheet), the 'use client' directives are put back.
    async onSuccess() {
      const cleanup = typeof overrides.onSuccess === 'function' ? await overrides.onSuccess() : undefined;
      restoreUseClient();
      return cleanup;
    },
  };
}

const USE_CLIENT = /^\s*['"]use client['"];?/;

/**
 * Puts `'use client'` back at the top of the built file of every source file that starts with it (the client entry
 * points: hooks', ui-unstyled's and ui-default's index), ESM and CommonJS: tsup's tree-shaking pass (rollup) drops
 * module-level directives, and React Server Components frameworks need it to know the package runs on the client.
 * The source map moves down one line with the code. Throws when an output is missing, so the build fails.
 */
export function restoreUseClient(packageDirectory = process.cwd()): void {
  const sources = readdirSync(join(packageDirectory, 'src'), { recursive: true, encoding: 'utf8' });
  for (const file of sources.filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))) {
    const source = join('src', file);
    if (!USE_CLIENT.test(readFileSync(join(packageDirectory, source), 'utf8'))) continue;
    const base = join('dist', file.replace(/\.tsx?$/, ''));
    for (const extension of ['.js', '.cjs']) {
      const output = join(packageDirectory, base + extension);
      if (!existsSync(output)) throw new Error(`'use client' source ${source} has no built ${base}${extension}`);
      const code = readFileSync(output, 'utf8');
      if (USE_CLIENT.test(code)) continue;
      writeFileSync(output, `'use client';\n${code}`);
      const map = `${output}.map`;
      if (existsSync(map)) {
        const sourceMap = JSON.parse(readFileSync(map, 'utf8')) as { mappings: string };
        writeFileSync(map, JSON.stringify({ ...sourceMap, mappings: `;${sourceMap.mappings}` }));
      }
    }
  }
}

/** Every source file of a package but its tests, stories and examples: the entries of a module-preserving build. */
export const MODULE_ENTRIES = [
  'src/**/*.ts',
  'src/**/*.tsx',
  '!src/**/*.test.ts',
  '!src/**/*.test.tsx',
  '!src/**/*.stories.tsx',
  '!src/**/examples/**',
  '!src/stories/**',
];

/**
 * Keeps one output file per source file (with `MODULE_ENTRIES`): a relative import, static or dynamic, stays an
 * import of the sibling output file instead of being bundled in. An app's bundler then sees the package's own
 * module graph, `export *` barrels included: it drops the files a page does not use (`"sideEffects": false`) and
 * splits the lazy screens as written. From one bundled file (or from esbuild's shared chunks behind named
 * re-exports) it keeps code no page uses: BENCHMARKS.md, kit bundle size.
 */
export function preserveModules(): Plugin {
  return {
    name: 'latchkey-preserve-modules',
    setup(build) {
      // tsup builds CommonJS as ES modules first (code splitting), then names the files from outExtension.
      const extension = build.initialOptions.outExtension?.['.js'] ?? '.js';
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const target = resolve(args.resolveDir, args.path);
        if (SOURCE_EXTENSIONS.some((sourceExtension) => existsSync(target + sourceExtension))) {
          return { path: `${args.path}${extension}`, external: true };
        }
        if (SOURCE_EXTENSIONS.some((sourceExtension) => existsSync(join(target, `index${sourceExtension}`)))) {
          return { path: `${args.path}/index${extension}`, external: true };
        }
        return undefined; // anything else (CSS, JSON) is bundled as usual
      });
    },
  };
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx'];

/**
 * Bundles the stylesheet `entry` into one CSS text: its `@import`s inlined in order, comments and formatting kept
 * (unless `minifyWhitespace`: the shadow roots' `?inline` text),
 * no `@import` left. The published `styles.css` and the `?inline` string are both made this way.
 */
export async function bundleStylesheet(entry: string, options: { minifyWhitespace?: boolean } = {}): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    logLevel: 'silent',
    outdir: '.',
    minifyWhitespace: options.minifyWhitespace ?? false,
  });
  const css = result.outputFiles.find((file) => file.path.endsWith('.css'));
  if (!css) throw new Error(`esbuild produced no CSS for ${entry}`);
  return css.text;
}

/**
 * `import text from './file.css?inline'` in a package build, as Vite does it: the stylesheet bundled into one text
 * (bundleStylesheet) becomes the module's default export, a string. Nothing is written next to the sources.
 */
export function inlineCss(): Plugin {
  return {
    name: 'latchkey-inline-css',
    setup(pluginBuild) {
      // The path keeps its `?inline`, so tsup's own CSS handling (which loads every path ending in .css) passes it by.
      // Relative to the package, so no absolute path of the build machine lands in the output's comments.
      pluginBuild.onResolve({ filter: /\.css\?inline$/ }, (args) => ({
        path: relative(process.cwd(), resolve(args.resolveDir, args.path)),
        namespace: 'latchkey-inline-css',
      }));
      pluginBuild.onLoad({ filter: /\?inline$/, namespace: 'latchkey-inline-css' }, async (args) => ({
        // Injected into shadow roots, never read by a person: comments and formatting are dropped (the rules are
        // as written, so the published styles.css, which keeps them, is the same stylesheet).
        contents: `export default ${JSON.stringify(
          await bundleStylesheet(args.path.replace(/\?inline$/, ''), { minifyWhitespace: true }),
        )};`,
        loader: 'js',
      }));
    },
  };
}
