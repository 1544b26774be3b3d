// Shared by the sections of scripts/bench.mjs: bundling a page of the built packages with esbuild (code splitting,
// minified, React external), gzip -9 sizes, and the Node `module.register()` recorder that lists the chunks a page
// imports once its `preload()` resolved.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export function gzipSize(bytes) {
  return gzipSync(bytes, { level: 9 }).length;
}

/** How every bench page is bundled: esbuild, code splitting, minified ESM for the browser, from the built packages. */
export const PAGE_BUILD = {
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  platform: 'browser',
  target: 'es2022',
  nodePaths: [join(root, 'node_modules')],
  absWorkingDir: root,
  logLevel: 'error',
};

export const KIT_EXTERNALS = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'];
export const PHONE_LIBRARY = /node_modules\/libphonenumber-js\//;
export const STRENGTH_LIBRARY = /node_modules\/@?zxcvbn/;

/** The package an esbuild input belongs to (`@latchkey/ui-unstyled`, `@radix-ui/react-tabs`…). */
export function packageOf(input) {
  const modules = input.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const [scope, name] = input.slice(modules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const workspace = /(?:^|\/)packages\/([^/]+)\//.exec(input);
  return workspace ? `@latchkey/${workspace[1]}` : '(the page)';
}

/** A short name for an input: `ui-unstyled/screens/Otp/OtpScreen.js`, `sonner/dist/index.mjs`. */
export function shortInput(input) {
  const modules = input.lastIndexOf('node_modules/');
  if (modules !== -1) return input.slice(modules + 'node_modules/'.length);
  return input.replace(/^.*?packages\/([^/]+)\/dist\//, '$1/').replace(/^.*\/entry\.js$/, '(the page)');
}

// Runs the built page in Node: a module.register() hook records every chunk of the output folder that is imported
// while `preload()` loads the lazy chunks. Bare specifiers (react, react-dom: external) resolve from the repository.
const RECORDER_HOOKS = `
import { appendFileSync } from 'node:fs';
let settings;
export function initialize(data) {
  settings = data;
}
export async function resolve(specifier, context, nextResolve) {
  const isBare = !/^(\\.|\\/|file:|node:|data:)/.test(specifier);
  const fromChunk = context.parentURL?.startsWith(settings.outdirUrl);
  const resolved = await nextResolve(specifier, isBare && fromChunk ? { ...context, parentURL: settings.rootUrl } : context);
  if (resolved.url.startsWith(settings.outdirUrl)) appendFileSync(settings.log, resolved.url.slice(settings.outdirUrl.length) + '\\n');
  return resolved;
}
`;

const RECORDER_RUNNER = `
import { register } from 'node:module';
const [hooks, entry, outdirUrl, rootUrl, log] = process.argv.slice(2);
register(hooks, { data: { outdirUrl, rootUrl, log } });
const page = await import(entry);
await page.preload();
`;

/** The chunk files (relative to `outdir`) the page imports once `preload()` has resolved. */
export function loadedChunks(dir, outdir, entryFile) {
  const hooks = join(dir, 'recorder-hooks.mjs');
  const runner = join(dir, 'recorder-run.mjs');
  const log = join(dir, 'loaded.txt');
  writeFileSync(hooks, RECORDER_HOOKS);
  writeFileSync(runner, RECORDER_RUNNER);
  writeFileSync(log, '');
  const run = spawnSync(
    process.execPath,
    [
      runner,
      pathToFileURL(hooks).href,
      pathToFileURL(join(outdir, entryFile)).href,
      `${pathToFileURL(outdir).href}/`,
      pathToFileURL(join(root, 'package.json')).href,
      log,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`Running the bundle of ${outdir} in Node failed:\n${run.stderr}`);
  return new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean));
}

/**
 * Bundles one kit page with code splitting and measures it: the first load (the entry chunk and its static-import
 * closure, from the metafile) and the total (every chunk imported once `preload()` resolved, run in Node).
 * A stylesheet the page imports is bundled by esbuild beside the entry (`stylesheets`: file, min, gzip). With
 * `keep`, the built folder is kept (`outdir`; the caller removes `dir`) so it can be served.
 */
export async function measureKit(name, source, { keep = false, record = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), `latchkey-bench-${name}-`));
  let kept = false;
  try {
    const entry = join(dir, 'entry.js');
    writeFileSync(entry, source);
    const outdir = join(dir, 'out');
    const result = await build({
      ...PAGE_BUILD,
      entryPoints: [entry],
      metafile: true,
      outdir,
      external: KIT_EXTERNALS,
    });
    // Node reads the chunks as ES modules.
    writeFileSync(join(outdir, 'package.json'), '{ "type": "module" }\n');

    const toFile = (output) => relative(outdir, resolve(root, output)).split(sep).join('/');
    const chunks = new Map();
    for (const [output, meta] of Object.entries(result.metafile.outputs)) {
      if (!output.endsWith('.js')) continue;
      const file = toFile(output);
      const bytes = readFileSync(join(outdir, file));
      chunks.set(file, {
        file,
        bytes,
        min: bytes.length,
        gzip: gzipSize(bytes),
        // Dynamic-import targets are entry points too: the page's own is the one built from entry.js.
        isEntry: meta.entryPoint !== undefined && resolve(root, meta.entryPoint) === entry,
        staticImports: meta.imports
          .filter((item) => item.kind === 'import-statement' && !item.external)
          .map((item) => toFile(item.path)),
        dynamicImports: meta.imports
          .filter((item) => item.kind === 'dynamic-import' && !item.external)
          .map((item) => toFile(item.path)),
        externalImports: meta.imports.filter((item) => item.external).map((item) => item.path),
        stylesheet: meta.cssBundle ? toFile(meta.cssBundle) : undefined,
        inputs: Object.entries(meta.inputs)
          .map(([input, { bytesInOutput }]) => [input.split(sep).join('/'), bytesInOutput])
          .filter(([, bytes]) => bytes > 0)
          .sort((a, b) => b[1] - a[1]),
      });
    }
    const entryChunk = [...chunks.values()].find((chunk) => chunk.isEntry);
    const firstLoad = new Set();
    const pending = [entryChunk.file];
    while (pending.length > 0) {
      const file = pending.pop();
      if (firstLoad.has(file)) continue;
      firstLoad.add(file);
      pending.push(...chunks.get(file).staticImports);
    }
    // `record: false`: a page whose code cannot run in Node (a peer's widget); its total is its first load.
    const loaded = record ? loadedChunks(dir, outdir, entryChunk.file) : new Set(firstLoad);
    for (const file of firstLoad) {
      if (!loaded.has(file)) throw new Error(`${name}: the first-load chunk ${file} was not imported when run`);
    }
    const stylesheets = Object.keys(result.metafile.outputs)
      .filter((output) => output.endsWith('.css'))
      .map((output) => {
        const bytes = readFileSync(join(outdir, toFile(output)));
        return { file: toFile(output), min: bytes.length, gzip: gzipSize(bytes) };
      });
    const sum = (files, key) => [...files].reduce((total, file) => total + chunks.get(file)[key], 0);
    const inputsOf = (files) => [...files].flatMap((file) => chunks.get(file).inputs);
    const measured = {
      name,
      chunks,
      firstLoad,
      loaded,
      firstLoadMin: sum(firstLoad, 'min'),
      firstLoadGzip: sum(firstLoad, 'gzip'),
      totalMin: sum(loaded, 'min'),
      totalGzip: sum(loaded, 'gzip'),
      // The loaded chunks as one gzip stream: what splitting into many small files costs on top.
      totalGzipAsOne: gzipSize(Buffer.concat([...loaded].map((file) => chunks.get(file).bytes))),
      loadedInputs: inputsOf(loaded),
      allInputs: inputsOf(chunks.keys()),
      entryFile: entryChunk.file,
      stylesheets,
      ...(keep ? { dir, outdir } : {}),
    };
    kept = keep;
    return measured;
  } finally {
    if (!kept) rmSync(dir, { recursive: true, force: true });
  }
}

/** Sums input bytes by package, largest first. */
export function byPackage(inputs) {
  const totals = new Map();
  for (const [input, bytes] of inputs) totals.set(packageOf(input), (totals.get(packageOf(input)) ?? 0) + bytes);
  return [...totals].sort((a, b) => b[1] - a[1]);
}
