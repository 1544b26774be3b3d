// A product's documentation lives in its folder (`src/products/<folder>/README.md`); the package README carries a
// copy between markers naming the folder (scripts/readme-sections.mjs, `npm run docs:sections`). The checked-in
// README must be what the script writes, and the script must refuse a section it cannot place.
import { describe, expect, it } from 'vitest';
import { assembleReadme, FIX_COMMAND, readmeSections, sectionText } from '../readme-sections.mjs';

describe('the product sections of the package READMEs', () => {
  it("are the product folders' README.md files, as the script writes them", () => {
    const readmes = readmeSections();
    expect(readmes.length).toBeGreaterThan(0);
    for (const { path, current, expected } of readmes) {
      expect(
        current === expected,
        `${path} differs from its product folders' README.md files: run \`${FIX_COMMAND}\` at the repository root`,
      ).toBe(true);
    }
  });
});

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

  it("puts each folder's section between its markers, in the markers' order, its leading comment left out", () => {
    expect(
      assembleReadme(readme, { b: '## B\n\ntext of b\n\n\n', a: '<!-- a note\nfor contributors -->\n## A\n' }),
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
    const sections = { a: '## A\n', b: '## B\n' };
    const once = assembleReadme(readme, sections);
    expect(assembleReadme(once, sections)).toBe(once);
    expect(sectionText('<!-- note -->\n## A\n\n')).toBe('## A\n');
  });

  it('refuses a folder whose section no marker places, a marker without a section, and mismatched markers', () => {
    expect(() => assembleReadme(readme, { a: '## A\n', b: '## B\n', c: '## C\n' })).toThrow(
      'no product-section markers for src/products/c/README.md',
    );
    expect(() => assembleReadme(readme, { a: '## A\n' })).toThrow('product-section b: no src/products/b/README.md');
    expect(() =>
      assembleReadme('<!-- product-section:start a -->\n<!-- product-section:end b -->\n', { a: '## A\n' }),
    ).toThrow('product-section:start a is closed by product-section:end b');
  });
});
