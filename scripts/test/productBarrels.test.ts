// The packages' barrels of their products (packages/hooks/src/products/index.ts, packages/sdk/src/products/public.ts)
// are written by scripts/generate-product-barrels.mjs from the product folders and files. The checked-in barrels must
// be what the script writes, so a product added or removed without rerunning the script fails here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { barrel, FIX_COMMAND, HOOKS_BARREL, productBarrels, SDK_BARREL } from '../generate-product-barrels.mjs';

describe("the packages' generated product barrels", () => {
  it.each(productBarrels())('$path is what the script writes', (written) => {
    expect(
      written.current === written.expected,
      `${written.path} differs from what the script writes: run \`${FIX_COMMAND}\` at the repository root`,
    ).toBe(true);
  });

  it('say @generated in their first comment (so check:slices does not count them) and use `export *` only', () => {
    for (const { expected } of productBarrels()) {
      expect(expected.split('\n')[0]).toContain('@generated');
      const statements = expected.split('\n').filter((line) => line !== '' && !line.startsWith('//'));
      expect(statements.length).toBeGreaterThan(0);
      for (const line of statements) expect(line).toMatch(/^export \* from '[^']+';$/);
    }
  });
});

describe('barrel', () => {
  it('re-exports the modules sorted, after its header', () => {
    const text = barrel('x', ['about'], ['./b', './a']);
    expect(text.split('\n').filter((line) => line.startsWith('export'))).toEqual([
      "export * from './a';",
      "export * from './b';",
    ]);
    expect(text).toContain('// about\n');
    expect(text.endsWith(';\n')).toBe(true);
  });
});

describe('packages with products', () => {
  let root = '';
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("list every hooks product folder with an index and every SDK namespace's public part, nothing else", () => {
    root = mkdtempSync(join(tmpdir(), 'product-barrels-'));
    write(HOOKS_BARREL, 'stale\n');
    write('packages/hooks/src/products/zeta/index.ts', '');
    write('packages/hooks/src/products/alpha/index.ts', '');
    write('packages/hooks/src/products/alpha/product.ts', '');
    write('packages/hooks/src/products/noIndex/product.ts', '');
    write('packages/hooks/src/products/registry.ts', '');
    write('packages/sdk/src/products/b.public.ts', '');
    write('packages/sdk/src/products/a.public.ts', '');
    write('packages/sdk/src/products/a.ts', '');
    write('packages/sdk/src/products/a.contract.ts', '');
    const [hooks, sdk] = productBarrels(root);
    expect(hooks?.path).toBe(HOOKS_BARREL);
    expect(hooks?.current).toBe('stale\n');
    expect(hooks?.expected.split('\n').filter((line) => line.startsWith('export'))).toEqual([
      "export * from './alpha/index';",
      "export * from './zeta/index';",
    ]);
    expect(sdk?.path).toBe(SDK_BARREL);
    expect(sdk?.current).toBe('');
    expect(sdk?.expected.split('\n').filter((line) => line.startsWith('export'))).toEqual([
      "export * from './a.public';",
      "export * from './b.public';",
    ]);
  });
});
