// npm 11 runs dependencies' install scripts but warns about each one not listed in the root package.json's
// `allowScripts`; a future npm that enforces the list would silently skip the unlisted ones (better-sqlite3 would
// then have no native binding). Every dependency the lockfile marks `hasInstallScript` must be decided there:
// `true` for the ones the project needs, `false` for the ones it does not.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(`${root}${file}`, 'utf8'));

test('every dependency with an install script is decided in allowScripts, and the native ones are allowed', () => {
  const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
  const allow = (read('package.json') as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
  const withScripts = new Set(
    Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.replace(/^.*node_modules\//, '')),
  );
  expect([...withScripts].filter((name) => !(name in allow))).toEqual([]);
  // The provider's SQLite driver is compiled on install; esbuild checks its platform binary.
  expect(allow['better-sqlite3']).toBe(true);
  expect(allow.esbuild).toBe(true);
});
