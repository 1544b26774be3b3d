// The kits' lists that must stay literal (each kit's src/products/index.ts barrel, ui-unstyled's product catalogue)
// are written by scripts/generate-kit-lists.mjs from the product folders. The checked-in files must be what the
// script writes, so a product folder added or removed without rerunning the script fails here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  biomeFormatted,
  CATALOGUE_PARTS,
  FIX_COMMAND,
  kitKeys,
  kitLists,
  productCatalogue,
  productsBarrel,
} from '../generate-kit-lists.mjs';

describe("the kits' generated lists", () => {
  it.each(kitLists())('$path is what the script writes', (file) => {
    expect(
      file.current === file.expected,
      `${file.path} differs from what the script writes: run \`${FIX_COMMAND}\` at the repository root`,
    ).toBe(true);
  });

  it('say @generated in their first comment (so check:slices does not count them)', () => {
    const files = kitLists();
    expect(files.map((file) => file.path).sort()).toEqual([
      'packages/ui-default/src/products/index.ts',
      'packages/ui-default/src/styles.css',
      'packages/ui-unstyled/src/messages/productAccountResetMessages.ts',
      'packages/ui-unstyled/src/messages/productCatalogue.ts',
      'packages/ui-unstyled/src/messages/productConfigMessages.ts',
      'packages/ui-unstyled/src/messages/productErrorMessages.ts',
      'packages/ui-unstyled/src/products/index.ts',
    ]);
    // A stylesheet's first comment opens with `/*` on a line of its own.
    for (const { expected } of files) expect(expected.split('\n').slice(0, 2).join('\n')).toContain('@generated');
  });

  it("lists ui-default's product stylesheets after base.css in the registry's order, first factors then second", () => {
    const registry = [
      'export const PRODUCT_KITS: Readonly<Record<AvailableProduct, ProductKit>> = {',
      '  emailMagicLinks: emailMagicLinksKit as ProductKit,',
      '  oauth: oauthKit as ProductKit,',
      '};',
      'export const SECOND_FACTOR_KITS: Readonly<Record<AvailableSecondFactor, SecondFactorKit>> = {',
      '  totp: totpKit,',
      '};',
    ].join('\n');
    expect(kitKeys(registry)).toEqual(['emailMagicLinks', 'oauth', 'totp']);
    const sheet = kitLists().find((file) => file.path === 'packages/ui-default/src/styles.css')?.expected ?? '';
    expect(sheet.split('\n').filter((line) => line.startsWith('@import'))).toEqual([
      '@import "./base.css";',
      '@import "./products/emailMagicLinks/styles.css";',
      '@import "./products/otp/styles.css";',
      '@import "./products/passwords/styles.css";',
      '@import "./products/passkeys/styles.css";',
      '@import "./products/oauth/styles.css";',
      '@import "./products/crypto/styles.css";',
      '@import "./products/totp/styles.css";',
    ]);
  });

  it('barrels re-export with `export *` only', () => {
    for (const { path, expected } of kitLists().filter((file) => file.path.endsWith('products/index.ts'))) {
      const statements = expected.split('\n').filter((line) => line !== '' && !line.startsWith('//'));
      expect(statements.length, path).toBeGreaterThan(0);
      for (const line of statements) expect(line).toMatch(/^export \* from '\.\/[^']+';$/);
    }
  });
});

describe('productsBarrel and productCatalogue', () => {
  it('sort the modules as Biome does', () => {
    const text = productsBarrel(['./registry', './b/index', './A/index', './defineKit']);
    expect(text.split('\n').filter((line) => line.startsWith('export'))).toEqual([
      "export * from './A/index';",
      "export * from './b/index';",
      "export * from './defineKit';",
      "export * from './registry';",
    ]);
  });

  it('join the catalogues in the order given and extend each in ProductMessages', () => {
    const text = productCatalogue([
      { key: 'b', name: 'bMessages' },
      { key: 'a', name: 'aMessages' },
    ]);
    expect(text).toContain("import { aMessages } from '../products/a/messages';");
    expect(text).toContain('export const productMessages = {\n  ...bMessages,\n  ...aMessages,\n} as const;');
    expect(text).toContain('MessageTexts<typeof bMessages>,\n    MessageTexts<typeof aMessages> {}');
  });
});

describe('kits with product folders', () => {
  let root = '';
  const write = (path: string, text = '') => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("list the products' modules and each folder's index, and the catalogues of the folders with a kit", () => {
    root = mkdtempSync(join(tmpdir(), 'kit-lists-'));
    write('packages/ui-unstyled/src/products/registry.ts');
    write('packages/ui-unstyled/src/products/registry.test.ts');
    write('packages/ui-unstyled/src/products/index.ts', 'stale\n');
    write('packages/ui-unstyled/src/products/alpha/index.ts');
    write('packages/ui-unstyled/src/products/alpha/kit.ts');
    write('packages/ui-unstyled/src/products/alpha/messages.ts', 'export const alphaMessages = {\n} as const;\n');
    // A product without a kit (its own widget's texts) is not in the catalogue; a folder without index.ts not in
    // the barrel.
    write('packages/ui-unstyled/src/products/beta/index.ts');
    write('packages/ui-unstyled/src/products/beta/messages.ts', 'export const betaMessages = {\n} as const;\n');
    write('packages/ui-unstyled/src/products/gamma/kit.ts');
    // A configuration error's texts join their part whether or not the folder has a kit.
    write('packages/ui-unstyled/src/products/beta/configMessages.ts', 'export const betaConfigMessages = {\n};\n');
    write(
      'packages/ui-unstyled/src/products/alpha/accountResetMessages.ts',
      "export const alphaAccountResetMessages = {\n} as const;\n\nexport const alphaAccountResetSingularItems = ['alpha'];\n",
    );
    const [barrel, catalogue, config, , accountReset] = kitLists(root);
    expect(barrel?.path).toBe('packages/ui-unstyled/src/products/index.ts');
    expect(barrel?.current).toBe('stale\n');
    expect(barrel?.expected).toBe(productsBarrel(['./registry', './alpha/index', './beta/index']));
    expect(catalogue?.expected).toBe(
      biomeFormatted(catalogue?.path ?? '', productCatalogue([{ key: 'alpha', name: 'alphaMessages' }])),
    );
    expect(config?.path).toBe('packages/ui-unstyled/src/messages/productConfigMessages.ts');
    expect(config?.expected).toBe(
      biomeFormatted(
        config?.path ?? '',
        productCatalogue([{ key: 'beta', name: 'betaConfigMessages' }], CATALOGUE_PARTS[1]),
      ),
    );
    expect(config?.expected).toContain("import { betaConfigMessages } from '../products/beta/configMessages';");
    // The account-reset part also joins each module's `<name>SingularItems`.
    expect(accountReset?.expected).toContain(
      "import { alphaAccountResetMessages, alphaAccountResetSingularItems } from '../products/alpha/accountResetMessages';",
    );
    expect(accountReset?.expected).toContain(
      'export const productSingularAccountResetItems: readonly string[] = [...alphaAccountResetSingularItems];',
    );
  });
});
