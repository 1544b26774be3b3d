// `npm run docs:sections`: a product's documentation lives in its folder (`src/products/<folder>/README.md`), and the
// package README carries a copy of it, so that the published README stands alone. In the package README each copy
// sits between two markers naming its folder:
//
//   <!-- product-section:start <folder> -->
//   …the folder's README.md, its leading HTML comment (a note for contributors) left out…
//   <!-- product-section:end <folder> -->
//
// This script rewrites what is between each pair from the folder's file; the markers' places keep the sections'
// order and their places among the package's own sections. It names no product: the folders come from the markers,
// and a product folder holding a README.md that no marker names is an error (its section would be missing).
//
//   node scripts/readme-sections.mjs           rewrites the READMEs
//   node scripts/readme-sections.mjs --check   exits 1, naming the files, when a README differs from what it writes
// scripts/test/readmeSections.test.ts runs the check.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository's root directory. */
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The packages whose README is assembled from their product folders, relative to the root. */
export const PACKAGES = ['apps/provider'];

/** The command that rewrites the READMEs. */
export const FIX_COMMAND = 'npm run docs:sections';

const MARKERS = /<!-- product-section:start ([\w-]+) -->\n[\s\S]*?<!-- product-section:end ([\w-]+) -->/g;

/** A product folder's README.md as the package README carries it: without its leading comment, one final newline. */
export function sectionText(text) {
  return `${text.replace(/^<!--[\s\S]*?-->\n/, '').trimEnd()}\n`;
}

/**
 * `readme` with every marked section replaced by `sections[folder]`; throws on a marker pair whose names differ, a
 * folder without a section, or a section no marker names.
 */
export function assembleReadme(readme, sections) {
  const placed = new Set();
  const assembled = readme.replace(MARKERS, (_, start, end) => {
    if (start !== end) throw new Error(`product-section:start ${start} is closed by product-section:end ${end}`);
    const section = sections[start];
    if (section === undefined) throw new Error(`product-section ${start}: no src/products/${start}/README.md`);
    if (placed.has(start)) throw new Error(`product-section ${start} is placed twice`);
    placed.add(start);
    return `<!-- product-section:start ${start} -->\n${sectionText(section)}\n<!-- product-section:end ${start} -->`;
  });
  const missing = Object.keys(sections).filter((folder) => !placed.has(folder));
  if (missing.length > 0) {
    throw new Error(
      `no product-section markers for ${missing.map((folder) => `src/products/${folder}/README.md`).join(', ')}`,
    );
  }
  return assembled;
}

/** The README.md of each product folder of `packageDir`, by folder name. */
export function productSections(packageDir) {
  const productsDir = join(packageDir, 'src', 'products');
  const sections = {};
  for (const entry of readdirSync(productsDir, { withFileTypes: true })) {
    const file = join(productsDir, entry.name, 'README.md');
    if (entry.isDirectory() && existsSync(file)) sections[entry.name] = readFileSync(file, 'utf8');
  }
  return sections;
}

/** Each package README (relative to `root`) with what it holds and what this script would write. */
export function readmeSections(root = ROOT) {
  return PACKAGES.map((folder) => {
    const path = join(folder, 'README.md');
    const current = readFileSync(join(root, path), 'utf8');
    return { path, current, expected: assembleReadme(current, productSections(join(root, folder))) };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const { path, current, expected } of readmeSections()) {
    if (current === expected) continue;
    stale += 1;
    if (check) console.error(`${path} differs from its product folders' README.md files: run ${FIX_COMMAND}`);
    else {
      writeFileSync(join(ROOT, path), expected);
      console.log(`${path}: product sections rewritten`);
    }
  }
  if (check && stale > 0) process.exitCode = 1;
}
