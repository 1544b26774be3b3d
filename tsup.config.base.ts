import type { Options } from 'tsup';

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
  };
}
