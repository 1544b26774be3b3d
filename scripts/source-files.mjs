// The TypeScript sources under a folder, for the repository's checks (check-cycles.mjs, check-slices.mjs).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE_FILE = /\.(ts|tsx|mts|cts)$/;
const DECLARATION_FILE = /\.d\.(ts|mts|cts)$/;

/**
 * Every TypeScript source file under `dir` (`.ts`, `.tsx`, `.mts`, `.cts`; declaration files aside), node_modules
 * never entered; `skipFolder` and `skipFile` leave out more.
 * @param {string} dir absolute
 * @param {{ skipFolder?: (path: string, name: string) => boolean, skipFile?: (name: string) => boolean }} [options]
 * @returns {string[]} absolute paths, in directory order
 */
export function sourceFiles(dir, options = {}) {
  const { skipFolder = () => false, skipFile = () => false } = options;
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'node_modules' || skipFolder(path, entry.name) ? [] : sourceFiles(path, options);
    }
    if (!SOURCE_FILE.test(entry.name) || DECLARATION_FILE.test(entry.name) || skipFile(entry.name)) return [];
    return [path];
  });
}
