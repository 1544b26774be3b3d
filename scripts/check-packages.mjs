// `npm run check:packages`: the packages as they are published, checked from their tarballs. Run after
// `npm run build` (.ci/run does, right after the build); exits non-zero on any finding, printing one line per
// package when all is well and every finding under its package otherwise.
//
// For every published package (packages/* without `"private": true`; scripts/published-packages.mjs):
//   1. `npm pack` into a temporary folder: the very files `npm publish` would upload.
//   2. publint on that tarball, strict, at the 'suggestion' level: an error, a warning or a suggestion is a finding.
//   3. attw (@arethetypeswrong/cli) on that tarball, every subpath of `exports` in all four resolution modes
//      (node10, node16 from CJS, node16 from ESM, bundler), with the default 'strict' profile. node10 (TypeScript's
//      `moduleResolution: "node"`, still common in apps) ignores `exports`, so a subpath such as
//      `@latchkey/sdk/contract` needs a `typesVersions` entry in its package.json: a finding names the one to add.
//   4. Subpaths that are no JavaScript module (`./styles.css`) are left out of attw, which analyses types and
//      modules and reports a stylesheet as unresolvable in every mode; instead this script checks that each of
//      their targets is in the tarball and that `sideEffects` keeps it: webpack drops `import '…/styles.css'`
//      from a package that marks it side-effect free (Vite and esbuild keep CSS imports whatever the field says, so
//      no Vite build can catch it). apps/playground/e2e/tarball.e2e.ts proves the export in a real Vite app.
//      Subpaths that list nothing but an `import` condition are ES modules only on purpose (ui-default's
//      `./browser`, a `<script type="module">` file): attw checks them with its esm-only profile (node16 from ESM
//      and bundler), since `require()` resolving nothing there is the design, not a fault.
//   5. Every target of `exports` (the workspace-only `latchkey-source` condition aside) is in the tarball.
// And every workspace package outside packages/ is private, so nothing else is published by accident.
//
// Offline: npm packs local folders, publint reads the tarball it is given, attw reads the tarball with
// --no-definitely-typed (no @types look-up). Nothing is fetched.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import {
  assertBuilt,
  assetSubpaths,
  esmOnlySubpaths,
  exportTargets,
  keptBySideEffects,
  pack,
  publishedPackages,
  ROOT,
  workspacePackages,
} from './published-packages.mjs';

const ATTW = join(ROOT, 'node_modules/.bin/attw');
const ATTW_DOCS = 'https://github.com/arethetypeswrong/arethetypeswrong.github.io/blob/main/docs/problems';
const started = Date.now();

async function attwFindings(pkg, tarball) {
  const esmOnly = esmOnlySubpaths(pkg.manifest);
  const excluded = [...assetSubpaths(pkg.manifest), ...esmOnly];
  const all = await attwRun(pkg, tarball, excluded.length > 0 ? ['--exclude-entrypoints', ...excluded] : []);
  if (esmOnly.length === 0) return all;
  // ESM-only subpaths: node16 from ESM and the bundler mode only (attw's esm-only profile).
  // attw's JSON report lists every mode's problems whatever the profile, so the CJS modes are dropped here.
  const modules = await attwRun(pkg, tarball, ['--entrypoints', ...esmOnly, '--profile', 'esm-only'], ESM_ONLY_MODES);
  return {
    entrypoints: [...all.entrypoints, ...modules.entrypoints.map((entry) => `${entry} (ESM only)`)],
    findings: [...all.findings, ...modules.findings],
  };
}

const ESM_ONLY_MODES = new Set(['node16-esm', 'bundler']);

async function attwRun(pkg, tarball, options, modes = null) {
  const args = [tarball, '--format', 'json', '--no-definitely-typed', ...options];
  // attw exits 1 when it finds a problem; its JSON report is on stdout either way.
  const run = await new Promise((resolve) => {
    execFile(ATTW, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ status: error ? (error.code ?? 1) : 0, stdout, stderr }),
    );
  });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    return { entrypoints: [], findings: [`attw did not run (exit ${run.status}): ${run.stderr || run.stdout}`] };
  }
  const entrypoints = Object.keys(report.analysis?.entrypoints ?? {});
  const problems = Object.values(report.problems ?? {})
    .flat()
    .filter((problem) => !modes || !problem.resolutionKind || modes.has(problem.resolutionKind));
  const findings = problems.map((problem) => {
    const where = [problem.entrypoint, problem.resolutionKind].filter(Boolean).join(' under ');
    let text = `attw ${problem.kind}${where ? ` (${where})` : ''}: ${ATTW_DOCS}/${problem.kind}.md`;
    if (problem.kind === 'NoResolution' && problem.resolutionKind === 'node10' && problem.entrypoint !== '.') {
      const types = exportTargets(pkg.manifest).find(
        (entry) => entry.subpath === problem.entrypoint && entry.conditions.includes('types'),
      );
      text +=
        `\n      node10 ignores "exports": add "typesVersions": { "*": { "${problem.entrypoint.slice(2)}": ` +
        `["${types?.target ?? './dist/….d.ts'}"] } } to ${pkg.folder}/package.json`;
    }
    return text;
  });
  if (run.status !== 0 && findings.length === 0) findings.push(`attw exited ${run.status}: ${run.stderr}`);
  return { entrypoints, findings };
}

async function check(pkg, destination) {
  const { tarball, files } = pack(pkg, destination);
  const findings = [];

  const data = readFileSync(tarball);
  const { messages, pkg: packedManifest } = await publint({
    // publint reads the tarball's files only (its root folder, `package/`, is the package).
    pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) },
    level: 'suggestion',
    strict: true,
  });
  for (const message of messages) {
    findings.push(
      `publint ${message.type} ${message.code}: ${formatMessage(message, packedManifest, { color: false })}`,
    );
  }

  const attw = await attwFindings(pkg, tarball);
  findings.push(...attw.findings);

  const packed = new Set(files);
  for (const { subpath, conditions, target } of exportTargets(pkg.manifest)) {
    const file = target.replace(/^\.\//, '');
    if (!target.includes('*') && !packed.has(file)) {
      findings.push(`exports["${subpath}"]${conditions.map((c) => `.${c}`).join('')} = ${target}: not in the tarball`);
    }
  }
  const assets = assetSubpaths(pkg.manifest);
  for (const subpath of assets) {
    for (const { target } of exportTargets(pkg.manifest).filter((entry) => entry.subpath === subpath)) {
      if (!keptBySideEffects(pkg.manifest.sideEffects, target.replace(/^\.\//, ''))) {
        findings.push(
          `exports["${subpath}"] = ${target} is not kept by "sideEffects": ${JSON.stringify(pkg.manifest.sideEffects)}` +
            ' (webpack would drop the import)',
        );
      }
    }
  }

  const summary = [
    `publint clean`,
    `attw ${attw.entrypoints.join(' ')}`,
    ...(assets.length > 0 ? [`packed and side-effectful: ${assets.join(' ')}`] : []),
  ].join(' · ');
  return { findings, summary, files: files.length };
}

const workspace = workspacePackages();
const findingsByPackage = new Map();
for (const other of workspace.filter((pkg) => pkg.published && !pkg.folder.startsWith('packages/'))) {
  findingsByPackage.set(other.name, [`${other.folder} is not "private": true, so npm would publish it`]);
}

const packages = publishedPackages();
try {
  assertBuilt(packages);
} catch (error) {
  console.error(`check:packages: ${error.message}`);
  process.exit(1);
}
const destination = mkdtempSync(join(tmpdir(), 'latchkey-check-packages-'));
let failed = findingsByPackage.size > 0;
try {
  const width = Math.max(...packages.map((pkg) => pkg.name.length));
  // Packed one after the other (npm pack is synchronous), then publint and attw run for all packages at once.
  const results = await Promise.all(packages.map((pkg) => check(pkg, destination)));
  for (const [index, pkg] of packages.entries()) {
    const { findings, summary, files } = results[index];
    if (findings.length === 0) {
      console.log(`✓ ${pkg.name.padEnd(width)}  ${files} files · ${summary}`);
    } else {
      failed = true;
      console.log(`✗ ${pkg.name.padEnd(width)}  ${findings.length} finding${findings.length > 1 ? 's' : ''}:`);
      for (const finding of findings) console.log(`    - ${finding}`);
    }
  }
} finally {
  rmSync(destination, { recursive: true, force: true });
}
for (const [name, findings] of findingsByPackage) {
  console.log(`✗ ${name}:`);
  for (const finding of findings) console.log(`    - ${finding}`);
}
const unpublished = workspace.filter((pkg) => !pkg.published && pkg.folder.startsWith('packages/'));
console.log(
  `${failed ? 'check:packages failed' : 'check:packages: every published package is clean'} ` +
    `(${((Date.now() - started) / 1000).toFixed(1)} s; private, not checked: ${unpublished.map((pkg) => pkg.name).join(', ')})`,
);
process.exitCode = failed ? 1 : 0;
