// The SDK's barrels that must stay literal (the `@latchkey/sdk/contract` entry point, src/contract/index.ts) are
// written by scripts/generate-sdk-barrels.mjs from the core contract files and each product's
// `src/products/<namespace>.contract.ts`. The checked-in barrel must be what the script writes, so a product contract
// added or removed without rerunning the script fails here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTRACT_BARREL, contractBarrel, FIX_COMMAND, sdkBarrels } from '../generate-sdk-barrels.mjs';

describe("the SDK's generated barrels", () => {
  it.each(sdkBarrels())('$path is what the script writes', (barrel) => {
    expect(
      barrel.current === barrel.expected,
      `${barrel.path} differs from what the script writes: run \`${FIX_COMMAND}\` at the repository root`,
    ).toBe(true);
  });

  it('say @generated in their first comment (so check:slices does not count them) and re-export types only', () => {
    for (const { expected } of sdkBarrels()) {
      expect(expected.split('\n')[0]).toContain('@generated');
      const statements = expected.split('\n').filter((line) => line !== '' && !line.startsWith('//'));
      expect(statements.length).toBeGreaterThan(0);
      for (const line of statements) expect(line).toMatch(/^export type \* from '[^']+';$/);
    }
  });
});

describe('contractBarrel', () => {
  it('re-exports the product contracts, then the core modules, in the order given', () => {
    const text = contractBarrel(['./common', './sessions'], ['../products/a.contract']);
    expect(text.split('\n').filter((line) => line.startsWith('export'))).toEqual([
      "export type * from '../products/a.contract';",
      "export type * from './common';",
      "export type * from './sessions';",
    ]);
    expect(text.endsWith(';\n')).toBe(true);
  });
});

describe('an SDK with product contracts', () => {
  let root = '';
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('lists every core contract file and every product contract, and no test, runtime or barrel file', () => {
    root = mkdtempSync(join(tmpdir(), 'sdk-barrels-'));
    write(`packages/sdk/${CONTRACT_BARREL}`, 'stale\n');
    write('packages/sdk/src/contract/sessions.ts', '');
    write('packages/sdk/src/contract/common.ts', '');
    write('packages/sdk/src/contract/common.test.ts', '');
    write('packages/sdk/src/products/b.contract.ts', '');
    write('packages/sdk/src/products/a.contract.ts', '');
    write('packages/sdk/src/products/a.ts', '');
    write('packages/sdk/src/products/a.md', '');
    const barrel = sdkBarrels(root)[0];
    if (!barrel) throw new Error('no barrel');
    expect(barrel.path).toBe('packages/sdk/src/contract/index.ts');
    expect(barrel.current).toBe('stale\n');
    expect(barrel.expected).toBe(
      contractBarrel(['./common', './sessions'], ['../products/a.contract', '../products/b.contract']),
    );
  });
});
