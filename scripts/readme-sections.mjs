// `npm run docs:sections`: a product's documentation lives beside its code, and the package README carries a copy of
// it, so that the published README stands alone. A package's product sections are files of its `src/products/`:
//
//   src/products/<key>/README.md   in a package whose products are folders (apps/provider, packages/hooks,
//                                  packages/ui-unstyled, packages/ui-default)
//   src/products/<key>.md          in a package whose products are single files (packages/sdk: beside <key>.ts)
//
// In the package README each copy sits between two markers naming its key:
//
//   <!-- product-section:start <key> -->
//   …the file, its leading HTML comment (a note for contributors) left out…
//   <!-- product-section:end <key> -->
//
// A product may have several sections apart from one another in the README (a hook among other products' hooks): its
// file then holds them in the README's order, separated by a line `<!-- product-section:part -->`, and the README
// places the key's markers once per part, the first pair taking the first part, and so on.
//
// This script rewrites what is between each pair from the key's file; the markers' places keep the sections' order
// and their places among the package's own sections. It names no product and no package: the packages are the
// workspace folders whose README holds a marker or whose `src/products/` holds a section file, the keys come from
// the markers, and a section file that no marker names is an error (its section would be missing).
//
//   node scripts/readme-sections.mjs           rewrites the READMEs
//   node scripts/readme-sections.mjs --check   exits 1, naming the files, when a README differs from what it writes
// scripts/test/readmeSections.test.ts runs the check.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository's root directory. */
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The command that rewrites the READMEs. */
export const FIX_COMMAND = 'npm run docs:sections';

const START = '<!-- product-section:start ';
const MARKERS = /<!-- product-section:start ([\w-]+) -->\n[\s\S]*?<!-- product-section:end ([\w-]+) -->/g;

/** The files a key's section may live in, relative to the package. */
const sectionFiles = (key) => [`src/products/${key}/README.md`, `src/products/${key}.md`];

/** A section file as the package README carries it: without its leading comment, one final newline. */
export function sectionText(text) {
  return `${text.replace(/^<!--[\s\S]*?-->\n/, '').trimEnd()}\n`;
}

/** The line that separates the parts of a section file whose product has several sections in the README. */
const PART = /\n*^<!-- product-section:part -->$\n*/m;

/** A section file's parts, as the README carries them (`sectionText` of each), in order; one without separators. */
export function sectionParts(text) {
  return sectionText(text)
    .split(PART)
    .map((part) => `${part.trimEnd()}\n`);
}

/**
 * `readme` with every marked section replaced by the text of `sections[key]` (`{ file, text }`, `file` relative to
 * the package), the n-th pair of a key by the n-th part of its file; throws on a marker pair whose names differ, a key
 * without a section, a key placed more times than its file has parts (a one-part key placed twice), a file with more
 * parts than its key's markers, or a section no marker names.
 */
export function assembleReadme(readme, sections) {
  const placed = new Map();
  const assembled = readme.replace(MARKERS, (_, start, end) => {
    if (start !== end) throw new Error(`product-section:start ${start} is closed by product-section:end ${end}`);
    const section = sections[start];
    if (section === undefined) {
      throw new Error(`product-section ${start}: no ${sectionFiles(start).join(' nor ')}`);
    }
    const parts = sectionParts(section.text);
    const index = placed.get(start) ?? 0;
    if (index >= parts.length) {
      throw new Error(
        parts.length === 1
          ? `product-section ${start} is placed twice`
          : `product-section ${start} is placed ${index + 1} times, ${section.file} has ${parts.length} parts`,
      );
    }
    placed.set(start, index + 1);
    return `${START}${start} -->\n${parts[index]}\n<!-- product-section:end ${start} -->`;
  });
  const missing = Object.keys(sections).filter((key) => !placed.has(key));
  if (missing.length > 0) {
    throw new Error(`no product-section markers for ${missing.map((key) => sections[key].file).join(', ')}`);
  }
  for (const [key, count] of placed) {
    const parts = sectionParts(sections[key].text).length;
    if (count < parts) {
      throw new Error(`product-section ${key}: ${sections[key].file} has ${parts} parts, the README places ${count}`);
    }
  }
  return assembled;
}

/** The section files of `packageDir` by key: `src/products/<key>/README.md` and `src/products/<key>.md`. */
export function productSections(packageDir) {
  const productsDir = join(packageDir, 'src', 'products');
  const sections = {};
  if (!existsSync(productsDir)) return sections;
  for (const entry of readdirSync(productsDir, { withFileTypes: true })) {
    const key = entry.isDirectory() ? entry.name : entry.name.replace(/\.md$/, '');
    const file = entry.isDirectory() ? `src/products/${key}/README.md` : `src/products/${entry.name}`;
    if (!entry.isDirectory() && !entry.name.endsWith('.md')) continue;
    if (!existsSync(join(packageDir, file))) continue;
    if (sections[key] !== undefined) throw new Error(`product-section ${key}: both ${sectionFiles(key).join(' and ')}`);
    sections[key] = { file, text: readFileSync(join(packageDir, file), 'utf8') };
  }
  return sections;
}

/** The workspace folders (relative to `root`) of the root package.json's `workspaces` (`dir` or `dir/*`). */
function workspaceFolders(root) {
  const { workspaces = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );
}

/** The packages (relative to `root`) whose README has product sections: a marker in it, or a section file. */
export function sectionPackages(root = ROOT) {
  return workspaceFolders(root).filter((folder) => {
    const readme = join(root, folder, 'README.md');
    if (existsSync(readme) && readFileSync(readme, 'utf8').includes(START)) return true;
    return Object.keys(productSections(join(root, folder))).length > 0;
  });
}

/** Each package README (relative to `root`) with what it holds and what this script would write. */
export function readmeSections(root = ROOT) {
  return sectionPackages(root).map((folder) => {
    const path = join(folder, 'README.md');
    const current = existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : '';
    return { path, current, expected: assembleReadme(current, productSections(join(root, folder))) };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const { path, current, expected } of readmeSections()) {
    if (current === expected) continue;
    stale += 1;
    if (check) console.error(`${path} differs from its product section files: run ${FIX_COMMAND}`);
    else {
      writeFileSync(join(ROOT, path), expected);
      console.log(`${path}: product sections rewritten`);
    }
  }
  if (check && stale > 0) process.exitCode = 1;
}
