// `npm run check:slices` (scripts/check-slices.mjs): the files outside the product folders that name a product are
// exactly those of scripts/slices-baseline.json, each with the products its entry lists; and the finder finds what
// it should on a fixture workspace written to a temporary folder (a core file naming a product is listed; a product
// folder's file, a registry, a generated file, a test, a comment and the platform's crypto are not).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  BASELINE_PATH,
  baselineOf,
  compareWithBaseline,
  findProductMentions,
  findProducts,
  formatBaseline,
  main,
  mentionsIn,
  readBaseline,
  words,
} from '../check-slices.mjs';
import { sourceFiles } from '../source-files.mjs';

describe('the repository', () => {
  test("no shipped module imports a screen's examples/ (the check leaves them out as story and test fixtures)", () => {
    const root = new URL('../../', import.meta.url).pathname;
    const skipped = new Set(['examples', 'stories', 'test', 'tests', '__tests__', 'node_modules']);
    const shipped = ['packages', 'apps']
      .flatMap((group) =>
        sourceFiles(join(root, group), { skipFolder: (_path, name) => skipped.has(name) || name === 'dist' }),
      )
      .filter((file) => !/\.(test|stories)\.tsx?$/.test(file));
    expect(shipped.length).toBeGreaterThan(100);
    const importers = shipped.filter((file) => /from '[^']*\/examples\//.test(readFileSync(file, 'utf8')));
    expect(importers).toEqual([]);
  });

  test('names products outside src/products/ exactly as scripts/slices-baseline.json says (run --write-baseline)', () => {
    const { files } = findProductMentions();
    expect(compareWithBaseline(files, readBaseline())).toEqual({ added: [], grown: [], gone: [], narrowed: [] });
    expect(readFileSync(new URL(`../../${BASELINE_PATH}`, import.meta.url), 'utf8')).toBe(
      formatBaseline(baselineOf(files)),
    );
  });

  test('derives every product of the registries from the code, with its aliases', () => {
    const products = findProducts();
    for (const key of ['otp', 'emailMagicLinks', 'passwords', 'passkeys', 'totp', 'crypto', 'oauth', 'idp']) {
      expect(products).toHaveProperty(key);
    }
    expect(products.passkeys).toContain('webauthn');
    expect(products.crypto).toContain('cryptoWallets');
  });
});

describe('the name finder', () => {
  const products = { passkeys: ['passkeys', 'webauthn'], totp: ['totp'], otp: ['otp'], idp: ['idp'] };

  test('splits names and texts into words, camel-case humps and acronyms included', () => {
    expect(words('useTotpEnrollment')).toEqual(['use', 'totp', 'enrollment']);
    expect(words('IDPConsent')).toEqual(['idp', 'consent']);
    expect(words('OAuth2Client')).toEqual(['o', 'auth', '2', 'client']);
    expect(words('/v1/magic_links/email')).toEqual(['v', '1', 'magic', 'links', 'email']);
  });

  test('counts identifiers, strings and JSX text whose words spell a name, singular or plural; not comments', () => {
    const source = [
      '// The totp screen (a comment: not read).',
      '/** Passkeys and TOTP, in a JSDoc: not read either. */',
      "export const browserSupportsWebAuthn = (kind: string) => kind === 'passkey';",
      "export const Screen = () => <p data-idp='x'>Use a passkey</p>;",
      "export const isTotp = (code: string) => code.startsWith('totps');",
      "export const totpless = 'bottp'; // neither names a product",
    ].join('\n');
    expect(mentionsIn('x.tsx', source, products)).toEqual({ idp: 1, passkeys: 3, totp: 2 });
  });

  test("does not count a released migration's name, which databases record and which never changes", () => {
    const source = [
      "export const migrations = { async '0005_totp_and_mfa'(db: unknown) {} };",
      'export const totpMigration = 1;',
      "export const notAMigration = 'totp_0005';",
    ].join('\n');
    expect(mentionsIn('x.ts', source, products)).toEqual({ totp: 2 });
  });
});

describe('on a fixture workspace', () => {
  const root = mkdtempSync(join(tmpdir(), 'latchkey-slices-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  // The products: the kit's folders and registry keys, and the app's registry (a list of `{ key }`, an alias).
  write('packages/kit/src/products/totp/screen.ts', "export const totpScreen = 'totp';\n");
  write('packages/kit/src/products/passwords/form.ts', "export const passwordForm = 'passwords';\n");
  write(
    'packages/kit/src/products/registry.ts',
    "import { totpScreen } from './totp/screen';\nexport const PRODUCTS = { totp: totpScreen, securityQuestion: 1 } as const;\n",
  );
  write('apps/app/src/products/registry.ts', "export const APP_PRODUCTS = [{ key: 'webauthn', register() {} }];\n");
  // Listed: a core file naming a product, an import path into a product folder, an app's screen.
  write('packages/kit/src/core.ts', 'export const useTotpEnrollment = () => null;\n');
  write(
    'packages/kit/src/paths.ts',
    "import { passwordForm } from './products/passwords/form';\nexport const form = passwordForm;\n",
  );
  write('apps/app/src/screen.tsx', 'export const Screen = () => <button type="button">Use a passkey</button>;\n');
  // Not listed.
  write('packages/kit/src/descriptors.ts', "export const ORDER = ['totp', 'passwords', 'securityQuestion'];\n");
  write('packages/kit/src/list.ts', "// @generated by scripts/lists.mjs\nexport const LIST = ['totp'];\n");
  write('packages/kit/src/comments.ts', '// The totp and passwords screens.\n/** Security questions. */\nexport {};\n');
  write('packages/kit/src/core.test.ts', "export const testTotp = 'totp';\n");
  write('packages/kit/src/stories/Totp.stories.tsx', "export const TotpStory = 'totp';\n");
  write(
    'packages/kit/src/platform.ts',
    [
      "import { randomBytes } from 'node:crypto';",
      'type Environment = { crypto: Crypto };',
      "export const bytes = (environment: Environment['crypto']) => environment.getRandomValues(randomBytes(1));",
      'export const uuid = () => globalThis.crypto.randomUUID();',
      'export const hasUserinfo = (url: URL) => url.password !== "";',
    ].join('\n'),
  );
  write('packages/notALayer/src/totp.ts', "export const totp = 'totp';\n");

  test('derives the products from the folders and registries, aliases merged', () => {
    expect(findProducts(root)).toEqual({
      passkeys: ['passkeys', 'webauthn'],
      passwords: ['passwords'],
      securityQuestion: ['securityQuestion'],
      totp: ['totp', 'totps'],
    });
  });

  test('lists the files outside src/products/ that name a product; registries and generated files are allowed', () => {
    const { layers, files, allowed } = findProductMentions(root);
    expect(layers).toEqual(['packages/kit', 'apps/app']);
    expect(files).toEqual([
      { file: 'apps/app/src/screen.tsx', layer: 'apps/app', mentions: { passkeys: 1 }, total: 1 },
      { file: 'packages/kit/src/core.ts', layer: 'packages/kit', mentions: { totp: 1 }, total: 1 },
      { file: 'packages/kit/src/paths.ts', layer: 'packages/kit', mentions: { passwords: 3 }, total: 3 },
    ]);
    expect(allowed.map(({ file }) => file)).toEqual(['packages/kit/src/descriptors.ts', 'packages/kit/src/list.ts']);
  });

  test('fails when the list grows beyond the baseline, and announces what could leave it', () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { root, log: (line: string) => out.push(line), error: (line: string) => err.push(line) };
    mkdirSync(join(root, 'scripts'), { recursive: true });

    // No baseline: every file is new.
    expect(main([], io)).toBe(1);
    expect(err.join('\n')).toContain('packages/kit/src/core.ts names totp and is not in scripts/slices-baseline.json');

    expect(main(['--write-baseline'], io)).toBe(0);
    expect(JSON.parse(readFileSync(join(root, BASELINE_PATH), 'utf8'))).toEqual({
      'apps/app/src/screen.tsx': ['passkeys'],
      'packages/kit/src/core.ts': ['totp'],
      'packages/kit/src/paths.ts': ['passwords'],
    });
    err.length = 0;
    expect(main([], io)).toBe(0);
    expect(err).toEqual([]);

    // A file names a product its entry does not list: growth fails.
    write('packages/kit/src/core.ts', 'export const useTotpEnrollment = () => null;\nexport const isPasswords = 1;\n');
    expect(main([], io)).toBe(1);
    expect(err.join('\n')).toContain(
      'packages/kit/src/core.ts names passwords, which its entry of scripts/slices-baseline.json does not list',
    );

    // Shrinking passes and says so.
    write('packages/kit/src/core.ts', 'export const useTotpEnrollment = () => null;\n');
    write('packages/kit/src/paths.ts', 'export const form = 1;\n');
    out.length = 0;
    expect(main([], io)).toBe(0);
    expect(out).toContain('check:slices: 1 file no longer names a product: run --write-baseline');
    expect(out).toContain('  packages/kit/src/paths.ts');

    const json: string[] = [];
    expect(main(['--json'], { root, log: (line) => json.push(line) })).toBe(0);
    const report = JSON.parse(json.join('\n'));
    expect(report.total).toEqual({ files: 2, mentions: 2 });
    expect(report.layers).toEqual({ 'packages/kit': { files: 1, mentions: 1 }, 'apps/app': { files: 1, mentions: 1 } });
    expect(report.baseline.gone).toEqual(['packages/kit/src/paths.ts']);
  });
});
