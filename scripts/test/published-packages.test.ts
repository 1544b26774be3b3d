// What `npm run check:packages` (scripts/check-packages.mjs) and the tarball test rely on: which packages are
// published, the targets of their `exports`, and the `sideEffects` reading that keeps a stylesheet import.
import { describe, expect, test } from 'vitest';
import {
  assetSubpaths,
  esmOnlySubpaths,
  exportTargets,
  keptBySideEffects,
  publishedPackages,
  workspacePackages,
} from '../published-packages.mjs';

describe('the published packages', () => {
  test('are the five packages under packages/, dependencies first; packages/testing and the apps are private', () => {
    expect(publishedPackages().map((pkg) => pkg.name)).toEqual([
      '@latchkey/sdk',
      '@latchkey/hooks',
      '@latchkey/server',
      '@latchkey/ui-unstyled',
      '@latchkey/ui-default',
    ]);
    const privateOnes = workspacePackages().filter((pkg) => !pkg.published);
    expect(privateOnes.map((pkg) => pkg.folder)).toEqual(
      expect.arrayContaining(['packages/testing', 'apps/playground', 'apps/provider']),
    );
    expect(workspacePackages().filter((pkg) => pkg.published && !pkg.folder.startsWith('packages/'))).toEqual([]);
  });

  test("every subpath of every package's exports is a target; the source condition is left out", () => {
    const sdk = publishedPackages().find((pkg) => pkg.name === '@latchkey/sdk')!;
    const targets = exportTargets(sdk.manifest);
    expect(targets).toContainEqual({
      subpath: './contract',
      conditions: ['require', 'types'],
      target: './dist/contract.d.cts',
    });
    expect(targets.map((entry) => entry.target).filter((target) => target.startsWith('./src/'))).toEqual([]);
  });

  test("a stylesheet subpath is an asset (attw leaves it out), a JavaScript one is not; ui-default's is kept", () => {
    const manifest = {
      exports: {
        '.': { import: { types: './dist/index.d.ts', default: './dist/index.js' } },
        './styles.css': { source: './src/styles.css', default: './dist/styles.css' },
        './package.json': './package.json',
      },
    };
    expect(assetSubpaths(manifest)).toEqual(['./styles.css']);
    const uiDefault = publishedPackages().find((pkg) => pkg.name === '@latchkey/ui-default')!;
    expect(assetSubpaths(uiDefault.manifest)).toContain('./styles.css');
    expect(keptBySideEffects(uiDefault.manifest.sideEffects, 'dist/styles.css')).toBe(true);
  });

  test("a subpath with nothing but an import condition is ESM only (attw's esm-only profile); ui-default's ./browser is", () => {
    const manifest = {
      exports: {
        '.': { import: './dist/index.js', require: './dist/index.cjs' },
        './browser': { 'latchkey-source': './src/browser.ts', import: { types: './b.d.ts', default: './b.js' } },
        './plain': { default: './plain.js' },
        './package.json': './package.json',
      },
    };
    expect(esmOnlySubpaths(manifest)).toEqual(['./browser']);
    const uiDefault = publishedPackages().find((pkg) => pkg.name === '@latchkey/ui-default')!;
    expect(esmOnlySubpaths(uiDefault.manifest)).toEqual(['./browser']);
    for (const pkg of publishedPackages().filter((candidate) => candidate.name !== '@latchkey/ui-default')) {
      expect(esmOnlySubpaths(pkg.manifest), pkg.name).toEqual([]);
    }
  });
});

describe('keptBySideEffects', () => {
  test.each([
    [undefined, 'dist/styles.css', true],
    [true, 'dist/styles.css', true],
    [false, 'dist/styles.css', false],
    [['*.css'], 'dist/styles.css', true],
    [['*.css'], 'dist/styles.js', false],
    [['*.css'], 'dist/stylesXcss', false],
    [['./dist/*.css'], 'dist/styles.css', true],
    [['dist/*.css'], 'dist/themes/dark.css', false],
    [['dist/**/*.css'], 'dist/themes/dark.css', true],
    [['./src/*.css'], 'dist/styles.css', false],
    [['dist/polyfill.js', '*.css'], 'dist/styles.css', true],
  ] as const)('%j keeps %s: %s', (sideEffects, file, kept) => {
    expect(keptBySideEffects(sideEffects as boolean | string[] | undefined, file)).toBe(kept);
  });
});
