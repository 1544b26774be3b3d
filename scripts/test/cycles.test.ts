// `npm run check:cycles` (scripts/check-cycles.mjs): no package or app has a runtime import cycle in its `src`, and the
// finder does find one when there is one (on a tiny graph, and on a fixture workspace written to a temporary folder).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { cyclePath, findCycles, findImportCycles, importGraph, runtimeImports } from '../check-cycles.mjs';

describe('the repository', () => {
  // A loop through a lazy `import()` is not a cycle here (it runs once both modules have loaded): the kit's TOTP
  // second step (useAuthenticateFlowComplete → products/totp/secondFactor → screenLoaders ⇢ import('./screens/
  // outcomeScreens') → the success screens → useAuthenticateFlowComplete) is such a loop.
  test('has no runtime import cycle in packages/*/src or apps/*/src', () => {
    expect(findImportCycles()).toEqual([]);
  });
});

describe('the cycle finder', () => {
  test('finds every strongly connected component that loops, a module importing itself included', () => {
    const graph = new Map<string, string[]>([
      ['a', ['b']],
      ['b', ['c', 'e']],
      ['c', ['a']],
      ['d', ['d']],
      ['e', ['f']],
      ['f', []],
      ['g', ['h', 'a']],
      ['h', ['g']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c'], ['d'], ['g', 'h']]);
    expect(cyclePath(graph, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'a']);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  test('handles a long chain without recursion', () => {
    const size = 50_000;
    const graph = new Map(Array.from({ length: size }, (_, i) => [`m${i}`, [`m${(i + 1) % size}`]]));
    expect(findCycles(graph)).toHaveLength(1);
    expect(findCycles(graph)[0]).toHaveLength(size);
  });

  test('counts what runs at load: static imports and re-exports, not type-only ones or a lazy import()', () => {
    const source = [
      "import type { A } from './typeOnly';",
      "import { type B } from './emptyImportKept';", // verbatimModuleSyntax keeps it as `import {} from`
      "import { c, type D } from './mixed';",
      "import './sideEffect';",
      "export * from './star';",
      "export { e } from './reexport';",
      "export type { F } from './typeReexport';",
      "export { type G } from './typeOnlyReexport';",
      "const lazy = () => import('./lazy');",
      "import React from 'react';",
    ].join('\n');
    expect(runtimeImports('x.tsx', source)).toEqual([
      './emptyImportKept',
      './mixed',
      './sideEffect',
      './star',
      './reexport',
      'react',
    ]);
  });

  describe('on a fixture workspace', () => {
    const root = mkdtempSync(join(tmpdir(), 'latchkey-cycles-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write(
      'packages/kit/package.json',
      JSON.stringify({ name: '@fixture/kit', exports: { '.': { 'latchkey-source': './src/index.ts' } } }),
    );
    // index → screen (x.tsx) → store/ (store/index.ts) → @fixture/kit (index, by the package's own name): a cycle.
    write('packages/kit/src/index.ts', "export { Screen } from './screen';\n");
    write('packages/kit/src/screen.tsx', "import { store } from './store';\nexport const Screen = () => store;\n");
    write(
      'packages/kit/src/store/index.ts',
      "import { Screen } from '@fixture/kit';\nexport const store = { Screen };\n",
    );
    // Only types or a lazy import back: no cycle.
    write('apps/app/src/a.ts', "import { b } from './b';\nexport type A = string;\nexport const a = b;\n");
    write(
      'apps/app/src/b.ts',
      "import type { A } from './a';\nexport const b: A = '';\nexport const later = () => import('./a');\n",
    );

    test('resolves ./x to x.ts, x.tsx or x/index.ts, and the package’s own name to its source', () => {
      expect(importGraph(join(root, 'packages/kit/src'), { root })).toEqual(
        new Map([
          ['packages/kit/src/index.ts', new Set(['packages/kit/src/screen.tsx'])],
          ['packages/kit/src/screen.tsx', new Set(['packages/kit/src/store/index.ts'])],
          ['packages/kit/src/store/index.ts', new Set(['packages/kit/src/index.ts'])],
        ]),
      );
    });

    test('reports the package with the cycle, and not the app whose loop is type-only or lazy', () => {
      expect(findImportCycles(root)).toEqual([
        {
          folder: 'packages/kit',
          modules: ['packages/kit/src/index.ts', 'packages/kit/src/screen.tsx', 'packages/kit/src/store/index.ts'],
        },
      ]);
    });
  });
});
