// `npm run check:cycles`: no runtime import cycle inside any package's or app's `src` (packages/*/src, apps/*/src).
// A cycle makes the order modules run in depend on which one is imported first: a value read at load time can be
// `undefined` in one entry point and not in another. Each folder's runtime import graph is built from its .ts/.tsx
// files (tests included: a test is a leaf unless something imports it) and its cycles found as Tarjan's strongly
// connected components.
//
// What is an edge (what runs the other module when this one runs):
// - `import … from './x'`, `import './x'`, `export … from './x'`, `export * from './x'`, relative or through the
//   package's own name (`@latchkey/ui-default` inside ui-default, resolved by its `latchkey-source` condition);
//   `./x` is x.ts, x.tsx, x/index.ts or x/index.tsx.
// - `import { type A } from './x'`, with only type-only names, IS an edge: the repository compiles with
//   `verbatimModuleSyntax`, which keeps it as `import {} from './x'` (Biome's useImportType forbids the form anyway).
// What is not:
// - `import type …`, `export type … from`: erased.
// - `import('./x')`: a lazy import runs `./x` later, once both modules have finished loading, so it never makes an
//   evaluation cycle (it is how the kits and the SDK split chunks, and a static import back is fine).
// - Imports of other packages: dependencies point one way (ui-default → ui-unstyled → hooks → sdk).
//
// `node scripts/check-cycles.mjs` prints each cycle (one module per line, the first again at the end) and exits 1
// when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { sourceFiles } from './source-files.mjs';

/** The repository's root directory. */
const ROOT = fileURLToPath(new URL('../', import.meta.url));

const SOURCE_EXTENSIONS = ['.ts', '.tsx'];
const SOURCE_CONDITION = 'latchkey-source';

/**
 * The specifiers a module imports at load time: static imports and re-exports, type-only ones left out.
 * @param {string} fileName
 * @param {string} text
 * @returns {string[]}
 */
export function runtimeImports(fileName, text) {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const specifiers = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly || !statement.moduleSpecifier) continue;
      // `export { type A, type B } from './x'` is erased whole, even with verbatimModuleSyntax.
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause) && clause.elements.length > 0) {
        if (clause.elements.every((element) => element.isTypeOnly)) continue;
      }
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      !statement.isTypeOnly &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    ) {
      specifiers.push(statement.moduleReference.expression.text);
    }
  }
  return specifiers;
}

/**
 * The strongly connected components of a graph that are cycles (two modules or more, or one importing itself),
 * each listed from its smallest name, the components in name order. Tarjan's algorithm, iterative.
 * @param {ReadonlyMap<string, Iterable<string>>} graph
 * @returns {string[][]}
 */
export function findCycles(graph) {
  const index = new Map();
  const lowLink = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  const successors = (node) => [...(graph.get(node) ?? [])];

  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    // Each frame: a node and the position in its successor list.
    const frames = [{ node: start, edges: successors(start), position: 0 }];
    index.set(start, next);
    lowLink.set(start, next);
    next += 1;
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      if (frame.position < frame.edges.length) {
        const target = frame.edges[frame.position];
        frame.position += 1;
        if (!index.has(target)) {
          index.set(target, next);
          lowLink.set(target, next);
          next += 1;
          stack.push(target);
          onStack.add(target);
          frames.push({ node: target, edges: successors(target), position: 0 });
        } else if (onStack.has(target)) {
          lowLink.set(frame.node, Math.min(lowLink.get(frame.node), index.get(target)));
        }
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1].node;
        lowLink.set(parent, Math.min(lowLink.get(parent), lowLink.get(frame.node)));
      }
      if (lowLink.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && successors(frame.node).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** @param {string} base an absolute path without extension, or with one @returns {string | undefined} */
function resolveFile(base) {
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const extension of SOURCE_EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  for (const extension of SOURCE_EXTENSIONS) {
    const index = join(base, `index${extension}`);
    if (existsSync(index)) return index;
  }
  return undefined;
}

/**
 * The source file each subpath of a package's own name points at (`@latchkey/ui-default` → src/index.ts).
 * @param {string} packageDir
 * @returns {Map<string, string>}
 */
function selfReferences(packageDir) {
  const references = new Map();
  const manifestPath = join(packageDir, 'package.json');
  if (!existsSync(manifestPath)) return references;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (!manifest.name || !manifest.exports || typeof manifest.exports !== 'object') return references;
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const file = target && typeof target === 'object' ? target[SOURCE_CONDITION] : undefined;
    if (typeof file !== 'string' || !subpath.startsWith('.')) continue;
    references.set(manifest.name + subpath.slice(1), resolve(packageDir, file));
  }
  return references;
}

/**
 * The runtime import graph of one folder's sources: each file (relative to the repository root, `/`-separated)
 * and the files of that folder it imports.
 * @param {string} srcDir absolute
 * @param {{ root?: string, packageDir?: string }} [options]
 * @returns {Map<string, Set<string>>}
 */
export function importGraph(srcDir, { root = ROOT, packageDir = dirname(srcDir) } = {}) {
  const name = (file) => relative(root, file).split(sep).join('/');
  const own = selfReferences(packageDir);
  const inside = (file) => file.startsWith(srcDir + sep);
  const graph = new Map();
  for (const file of sourceFiles(srcDir)) {
    const targets = new Set();
    for (const specifier of runtimeImports(file, readFileSync(file, 'utf8'))) {
      const target = specifier.startsWith('.') ? resolveFile(resolve(dirname(file), specifier)) : own.get(specifier);
      if (target && inside(target)) targets.add(name(target));
    }
    graph.set(name(file), targets);
  }
  return graph;
}

/**
 * Every runtime import cycle in packages/*\/src and apps/*\/src.
 * @param {string} [root]
 * @returns {{ folder: string, modules: string[] }[]}
 */
export function findImportCycles(root = ROOT) {
  const folders = ['packages', 'apps'].flatMap((parent) =>
    existsSync(join(root, parent))
      ? readdirSync(join(root, parent), { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && existsSync(join(root, parent, entry.name, 'src')))
          .map((entry) => `${parent}/${entry.name}`)
      : [],
  );
  return folders.flatMap((folder) =>
    findCycles(importGraph(join(root, folder, 'src'), { root, packageDir: join(root, folder) })).map((modules) => ({
      folder,
      modules,
    })),
  );
}

/**
 * One cycle as an import chain: from its first module, following imports inside the component back to it.
 * @param {ReadonlyMap<string, Iterable<string>>} graph
 * @param {string[]} modules one strongly connected component
 * @returns {string[]}
 */
export function cyclePath(graph, modules) {
  const members = new Set(modules);
  const start = modules[0];
  // Breadth-first from start's successors back to start, inside the component: the shortest loop through start.
  const previous = new Map();
  const queue = [...(graph.get(start) ?? [])].filter((node) => members.has(node));
  for (const node of queue) previous.set(node, start);
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === start) break;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target) || previous.has(target)) continue;
      previous.set(target, node);
      queue.push(target);
    }
  }
  const path = [start];
  for (let node = previous.get(start); node !== undefined && node !== start; node = previous.get(node)) {
    path.unshift(node);
  }
  path.unshift(start);
  return path;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const cycles = findImportCycles();
  if (cycles.length === 0) {
    console.log('check:cycles: no runtime import cycle in packages/*/src or apps/*/src');
  } else {
    const graphs = new Map();
    for (const { folder, modules } of cycles) {
      if (!graphs.has(folder))
        graphs.set(folder, importGraph(join(ROOT, folder, 'src'), { packageDir: join(ROOT, folder) }));
      const chain = cyclePath(graphs.get(folder), modules);
      console.error(`check:cycles: ${folder}: ${modules.length} modules import each other at load time:`);
      console.error(`  ${chain.join('\n    → ')}`);
      if (modules.length > chain.length - 1)
        console.error(`  (also in the cycle: ${modules.filter((m) => !chain.includes(m)).join(', ')})`);
    }
    console.error(`check:cycles: FAILED: ${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}`);
    process.exitCode = 1;
  }
}
