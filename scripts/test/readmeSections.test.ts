// A product's documentation lives beside its code (`src/products/<key>/README.md`, or `src/products/<key>.md` where
// the products are single files); the package README carries a copy between markers naming the key
// (scripts/readme-sections.mjs, `npm run docs:sections`). Every checked-in README with such sections must be what the
// script writes, and the script must refuse a section it cannot place.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assembleReadme,
  FIX_COMMAND,
  productSections,
  readmeSections,
  sectionPackages,
  sectionParts,
  sectionText,
} from '../readme-sections.mjs';

const readmes = readmeSections();

describe('the product sections of the package READMEs', () => {
  it('are found in every package that has them', () => {
    expect(readmes.map(({ path }) => path)).toEqual(
      expect.arrayContaining([
        'apps/provider/README.md',
        'packages/sdk/README.md',
        'packages/hooks/README.md',
        'packages/ui-default/README.md',
        'packages/ui-unstyled/README.md',
      ]),
    );
  });

  it.each(readmes)('$path: its sections are its product section files, as the script writes them', (readme) => {
    expect(
      readme.current === readme.expected,
      `${readme.path} differs from its product section files: run \`${FIX_COMMAND}\` at the repository root`,
    ).toBe(true);
  });
});

/** `{ file, text }` of a folder's README.md, as productSections gives it. */
const section = (key: string, text: string) => ({ file: `src/products/${key}/README.md`, text });

describe('assembleReadme', () => {
  const readme = [
    '# Package',
    '',
    '<!-- product-section:start a -->',
    'stale text',
    '<!-- product-section:end a -->',
    '',
    '## Core',
    '',
    '<!-- product-section:start b -->',
    '<!-- product-section:end b -->',
    '',
  ].join('\n');

  it("puts each key's section between its markers, in the markers' order, its leading comment left out", () => {
    expect(
      assembleReadme(readme, {
        b: section('b', '## B\n\ntext of b\n\n\n'),
        a: section('a', '<!-- a note\nfor contributors -->\n## A\n'),
      }),
    ).toBe(
      [
        '# Package',
        '',
        '<!-- product-section:start a -->',
        '## A',
        '',
        '<!-- product-section:end a -->',
        '',
        '## Core',
        '',
        '<!-- product-section:start b -->',
        '## B',
        '',
        'text of b',
        '',
        '<!-- product-section:end b -->',
        '',
      ].join('\n'),
    );
  });

  it('writes the same README again from its own output', () => {
    const sections = { a: section('a', '## A\n'), b: section('b', '## B\n') };
    const once = assembleReadme(readme, sections);
    expect(assembleReadme(once, sections)).toBe(once);
    expect(sectionText('<!-- note -->\n## A\n\n')).toBe('## A\n');
  });

  it('refuses a section no marker places, a marker without a section, a key placed twice and mismatched markers', () => {
    expect(() =>
      assembleReadme(readme, {
        a: section('a', '## A\n'),
        b: section('b', '## B\n'),
        c: { file: 'src/products/c.md', text: '## C\n' },
      }),
    ).toThrow('no product-section markers for src/products/c.md');
    expect(() => assembleReadme(readme, { a: section('a', '## A\n') })).toThrow(
      'product-section b: no src/products/b/README.md nor src/products/b.md',
    );
    expect(() =>
      assembleReadme(`${readme}<!-- product-section:start a -->\n<!-- product-section:end a -->\n`, {
        a: section('a', '## A\n'),
        b: section('b', '## B\n'),
      }),
    ).toThrow('product-section a is placed twice');
    expect(() =>
      assembleReadme('<!-- product-section:start a -->\n<!-- product-section:end b -->\n', {
        a: section('a', '## A\n'),
      }),
    ).toThrow('product-section:start a is closed by product-section:end b');
  });
});

describe('a product with several sections apart in the README', () => {
  const readme = [
    '<!-- product-section:start a -->',
    '<!-- product-section:end a -->',
    '',
    '### Another product',
    '',
    '<!-- product-section:start a -->',
    'stale',
    '<!-- product-section:end a -->',
    '',
  ].join('\n');
  const twoParts = section('a', '<!-- note -->\n### A, first\n\none\n\n<!-- product-section:part -->\n### A, second\n');

  it("puts the file's parts, split at `<!-- product-section:part -->` lines, between the key's markers in order", () => {
    expect(sectionParts(twoParts.text)).toEqual(['### A, first\n\none\n', '### A, second\n']);
    expect(sectionParts('<!-- note -->\n## A\n\n')).toEqual(['## A\n']);
    const assembled = assembleReadme(readme, { a: twoParts });
    expect(assembled).toBe(
      [
        '<!-- product-section:start a -->',
        '### A, first',
        '',
        'one',
        '',
        '<!-- product-section:end a -->',
        '',
        '### Another product',
        '',
        '<!-- product-section:start a -->',
        '### A, second',
        '',
        '<!-- product-section:end a -->',
        '',
      ].join('\n'),
    );
    expect(assembleReadme(assembled, { a: twoParts })).toBe(assembled);
  });

  it('refuses more pairs than parts and more parts than pairs', () => {
    expect(() =>
      assembleReadme(`${readme}<!-- product-section:start a -->\n<!-- product-section:end a -->\n`, { a: twoParts }),
    ).toThrow('product-section a is placed 3 times, src/products/a/README.md has 2 parts');
    expect(() =>
      assembleReadme('<!-- product-section:start a -->\n<!-- product-section:end a -->\n', { a: twoParts }),
    ).toThrow('product-section a: src/products/a/README.md has 2 parts, the README places 1');
  });
});

describe('a workspace with product sections', () => {
  let root = '';
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const markers = (key: string) => `<!-- product-section:start ${key} -->\n<!-- product-section:end ${key} -->\n`;

  function workspace() {
    root = mkdtempSync(join(tmpdir(), 'readme-sections-'));
    write('package.json', JSON.stringify({ workspaces: ['packages/*', 'apps/single'] }));
    // Products as folders, a section in one of them.
    write('packages/folders/README.md', `# Folders\n\n${markers('x')}`);
    write('packages/folders/src/products/x/README.md', '## X\n');
    write('packages/folders/src/products/y/index.ts', '');
    // Products as files, a section beside one of them.
    write('packages/files/README.md', `# Files\n\n${markers('y')}`);
    write('packages/files/src/products/y.ts', '');
    write('packages/files/src/products/y.md', '<!-- note -->\n## Y\n');
    write('packages/files/src/products/z.ts', '');
    // Products without sections, and a package without products.
    write('packages/plain/README.md', '# Plain\n');
    write('packages/plain/src/products/w/index.ts', '');
    write('packages/bare/README.md', '# Bare\n');
    write('apps/single/README.md', `# Single\n\n${markers('v')}`);
    write('apps/single/src/products/v.md', '## V\n');
  }
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds the packages whose README has markers or whose src/products/ has section files', () => {
    workspace();
    expect(sectionPackages(root).sort()).toEqual(['apps/single', 'packages/files', 'packages/folders']);
    write('packages/plain/src/products/w/README.md', '## W\n');
    expect(sectionPackages(root)).toContain('packages/plain');
  });

  it('reads both conventions and refuses a key with both', () => {
    workspace();
    expect(productSections(join(root, 'packages/folders'))).toEqual({
      x: { file: 'src/products/x/README.md', text: '## X\n' },
    });
    expect(productSections(join(root, 'packages/files'))).toEqual({
      y: { file: 'src/products/y.md', text: '<!-- note -->\n## Y\n' },
    });
    write('packages/files/src/products/y/README.md', '## Y again\n');
    expect(() => productSections(join(root, 'packages/files'))).toThrow(
      'product-section y: both src/products/y/README.md and src/products/y.md',
    );
  });

  it('reports each stale README, and only those', () => {
    workspace();
    const stale = (found: { path: string; current: string; expected: string }[]) =>
      found.filter(({ current, expected }) => current !== expected).map(({ path }) => path);
    expect(stale(readmeSections(root)).sort()).toEqual([
      'apps/single/README.md',
      'packages/files/README.md',
      'packages/folders/README.md',
    ]);
    for (const { path, expected } of readmeSections(root)) write(path, expected);
    expect(stale(readmeSections(root))).toEqual([]);
    write('packages/files/src/products/y.md', '## Y, edited\n');
    expect(stale(readmeSections(root))).toEqual(['packages/files/README.md']);
    write('packages/plain/src/products/w/README.md', '## W\n');
    expect(() => readmeSections(root)).toThrow('no product-section markers for src/products/w/README.md');
  });
});
