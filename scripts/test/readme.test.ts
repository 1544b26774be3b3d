// The READMEs are what a newcomer reads first: they must render as written and stand on their own. Their lists of
// what the code defines (methods, hooks, packages, products) are checked against the code in readmeLists.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const readmes = [
  'README.md',
  ...['packages', 'apps', 'examples'].flatMap((folder) =>
    readdirSync(join(root, folder)).map((name) => `${folder}/${name}/README.md`),
  ),
].filter((path) => {
  try {
    read(path);
    return true;
  } catch {
    return false;
  }
});

describe('the READMEs', () => {
  it('stand on their own: no link or reference to the shared/ folder outside the repository', () => {
    const offending = readmes.flatMap((path) =>
      read(path)
        .split('\n')
        .map((line, index) => ({ line, where: `${path}:${index + 1}` }))
        .filter(({ line }) => /(^|[\s(`'"/])shared\//.test(line))
        .map(({ where, line }) => `${where}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
  });

  it('open and close every HTML comment, so no comment text renders as a heading or a code block', () => {
    for (const path of readmes) {
      const text = read(path);
      expect(text.split('<!--').length, `${path}: <!-- count vs --> count`).toBe(text.split('-->').length);
    }
  });
});

describe('the root README', () => {
  const readme = read('README.md');

  it('has each of its headings once', () => {
    const headings = readme.split('\n').filter((line) => /^#{1,6} /.test(line));
    expect(headings.filter((heading, index) => headings.indexOf(heading) !== index)).toEqual([]);
  });

  it('quotes no bundle size that BENCHMARKS.md does not record', () => {
    const benchmarks = read('BENCHMARKS.md');
    const sizes = [...readme.matchAll(/(\d+(?:\.\d+)?) ?[kK]B/g)].map((match) => Number(match[1]));
    const recorded = new Set([...benchmarks.matchAll(/(\d+(?:\.\d+)?) [kK]B/g)].map((match) => Number(match[1])));
    // Budgets are not measurements: these are the targets BENCHMARKS.md checks against.
    const budgets = new Set([8, 30, 42, 50, 60]);
    expect(sizes.filter((size) => !recorded.has(size) && !budgets.has(size))).toEqual([]);
  });
});
