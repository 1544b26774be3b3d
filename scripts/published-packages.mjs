// The packages Latchkey publishes, and their tarballs as `npm pack` makes them: shared by
// scripts/check-packages.mjs (publint, attw) and apps/playground/e2e/tarball.e2e.ts (a fresh app installs them).
// A published package is one under packages/ without `"private": true`; everything else in the workspace is
// private (checked by check-packages.mjs, so nothing is published by accident).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root directory (with a trailing slash). */
export const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The `exports` condition that points at the TypeScript sources: for the workspace only, never published. */
export const SOURCE_CONDITION = 'latchkey-source';

/** The extensions of subpaths attw can analyse: JavaScript modules (with their types) and JSON. */
const MODULE_EXTENSIONS = ['.js', '.mjs', '.cjs', '.json'];

/** Every workspace package: its folder (relative to the root), its manifest, and whether it is published. */
export function workspacePackages() {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return root.workspaces.flatMap((pattern) => {
    const folders = pattern.endsWith('/*')
      ? readdirSync(join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern];
    return folders
      .filter((folder) => existsSync(join(ROOT, folder, 'package.json')))
      .map((folder) => {
        const manifest = JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8'));
        return { folder, dir: join(ROOT, folder), name: manifest.name, manifest, published: manifest.private !== true };
      });
  });
}

/** The published packages (packages/* without `"private": true`), in dependency order: sdk first. */
export function publishedPackages() {
  const published = workspacePackages().filter((pkg) => pkg.published && pkg.folder.startsWith('packages/'));
  const names = new Set(published.map((pkg) => pkg.name));
  const ordered = [];
  const visit = (pkg) => {
    if (ordered.includes(pkg)) return;
    for (const dependency of Object.keys(pkg.manifest.dependencies ?? {})) {
      if (names.has(dependency)) visit(published.find((other) => other.name === dependency));
    }
    ordered.push(pkg);
  };
  for (const pkg of published) visit(pkg);
  return ordered;
}

/**
 * Every target of a package's `exports`: `{ subpath, conditions, target }` for each string leaf, the `latchkey-source`
 * condition's left out (it names unpublished TypeScript files for the workspace).
 */
export function exportTargets(manifest) {
  const targets = [];
  const walk = (subpath, value, conditions) => {
    if (typeof value === 'string') targets.push({ subpath, conditions, target: value });
    else if (Array.isArray(value)) for (const item of value) walk(subpath, item, conditions);
    else if (value && typeof value === 'object') {
      for (const [condition, nested] of Object.entries(value)) {
        if (condition !== SOURCE_CONDITION) walk(subpath, nested, [...conditions, condition]);
      }
    }
  };
  const exportsField = manifest.exports;
  if (typeof exportsField === 'string' || Array.isArray(exportsField)) walk('.', exportsField, []);
  else if (exportsField && Object.keys(exportsField).every((key) => key.startsWith('.'))) {
    for (const [subpath, value] of Object.entries(exportsField)) walk(subpath, value, []);
  } else if (exportsField) walk('.', exportsField, []);
  return targets;
}

/** The subpaths of `exports` that are no JavaScript module (a stylesheet): attw has nothing to analyse there. */
export function assetSubpaths(manifest) {
  const targets = exportTargets(manifest);
  const subpaths = [...new Set(targets.map((entry) => entry.subpath))];
  return subpaths.filter((subpath) =>
    targets
      .filter((entry) => entry.subpath === subpath)
      .every(({ target }) => !MODULE_EXTENSIONS.some((extension) => target.endsWith(extension))),
  );
}

/**
 * The subpaths that are ES modules only on purpose: every condition they list (the workspace-only
 * `latchkey-source` aside) sits under `import`, so `require()` finds nothing there by design, e.g. ui-default's
 * `./browser`, a file for `<script type="module">`.
 */
export function esmOnlySubpaths(manifest) {
  const exportsField = manifest.exports;
  if (!exportsField || typeof exportsField !== 'object') return [];
  return Object.entries(exportsField)
    .filter(([subpath, value]) => subpath.startsWith('.') && value && typeof value === 'object')
    .filter(([, value]) => {
      const conditions = Object.keys(value).filter((condition) => condition !== SOURCE_CONDITION);
      return conditions.length > 0 && conditions.every((condition) => condition === 'import');
    })
    .map(([subpath]) => subpath);
}

/** The glob syntax `sideEffects` patterns use here, as regular expressions. Braces and classes are not needed. */
const GLOB_PARTS = { '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' };

/**
 * Whether `file` (a path inside the package, no leading `./`) is kept by the `sideEffects` field, read as Vite and
 * webpack read it: absent or `true` keeps everything, `false` nothing; a pattern without a slash matches the file
 * name in any folder, one with a slash the path from the package root.
 */
export function keptBySideEffects(sideEffects, file) {
  if (sideEffects === undefined || sideEffects === true) return true;
  if (!Array.isArray(sideEffects)) return false;
  return sideEffects.some((pattern) => {
    const glob = pattern.includes('/') ? pattern.replace(/^\.\//, '') : `**/${pattern}`;
    const source = glob
      .split(/(\*\*\/|\*\*|\*|\?)/)
      .map((part) => GLOB_PARTS[part] ?? part.replace(/[.+^${}()|[\]\\]/g, '\\$&'))
      .join('');
    return new RegExp(`^${source}$`).test(file);
  });
}

/**
 * The files `exports` names that are missing on disk: non-empty when the package has not been built. Wildcard
 * targets are not checked here (publint checks them in the tarball).
 */
export function missingBuildOutput(pkg) {
  return exportTargets(pkg.manifest)
    .map(({ target }) => target)
    .filter((target) => !target.includes('*') && !existsSync(join(pkg.dir, target)));
}

/** Throws, naming the files and the command, when a published package has not been built. */
export function assertBuilt(packages) {
  const missing = packages.flatMap((pkg) =>
    missingBuildOutput(pkg).map((target) => `${pkg.folder}/${target.replace(/^\.\//, '')}`),
  );
  if (missing.length > 0) {
    throw new Error(
      `The packages are not built (missing: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}). ` +
        'Run `npm run build` first.',
    );
  }
}

/**
 * `npm pack`s `pkg` into `destination` (offline: npm packs the folder, nothing is fetched) and returns the
 * tarball's path and the list of files in it, as npm reports them. Throws with npm's output when packing fails.
 */
export function pack(pkg, destination) {
  const result = spawnSync('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: pkg.dir,
    encoding: 'utf8',
    env: { ...process.env, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' },
  });
  if (result.status !== 0) {
    throw new Error(`npm pack failed in ${pkg.folder} (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  // npm prints the JSON report on stdout; a lifecycle script's output may come before it.
  const report = JSON.parse(result.stdout.slice(result.stdout.search(/^\[/m)));
  const [packed] = report;
  return { tarball: join(destination, packed.filename), files: packed.files.map((file) => file.path) };
}
