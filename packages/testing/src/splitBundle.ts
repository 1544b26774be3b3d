// A page's bundle as an app's bundler makes it: esbuild bundles what a page imports from a package's index (its
// TypeScript) with code splitting, minified ESM for the browser, other packages left external (`splitBundle`), or a
// whole page with every workspace package bundled from its TypeScript (`splitPageBundle`). The chunk tests of the
// hooks and the kits (`@latchkey/testing/split-bundle`) read which files end up in which output, and which outputs a
// page loads first or can load at all.
import { build, type Metafile } from 'esbuild';

type Output = Metafile['outputs'][string];

export interface SplitBundle {
  /** Every output file, by its path. */
  outputs: Metafile['outputs'];
  /** The outputs the page's first load fetches: the entry and its static imports, transitively. */
  firstLoad: Set<string>;
  /**
   * The outputs the page can ever fetch: the entry and every import, static or dynamic, transitively (esbuild also
   * writes a chunk for a dynamic import in code it shook out, which nothing loads).
   */
  reachable: Set<string>;
  /** The package's files (relative to `workingDir`: `src/…`) that put bytes in the output at `path`. */
  filesOf(path: string): string[];
  /** The other packages the output at `path` imports. */
  packagesOf(path: string): string[];
}

/**
 * The split bundle of a page that imports `names` (null: everything) from `index`, a package's entry file;
 * `workingDir`: its folder, which the input paths are relative to.
 */
export async function splitBundle(index: string, names: string[] | null, workingDir: string): Promise<SplitBundle> {
  const exported = names === null ? '*' : `{ ${names.join(', ')} }`;
  const result = await build({
    ...SPLIT_BUILD,
    stdin: { contents: `export ${exported} from ${JSON.stringify(index)};`, resolveDir: workingDir, loader: 'ts' },
    absWorkingDir: workingDir,
    packages: 'external',
  });
  return analyse(result.metafile);
}

/**
 * The split bundle of a whole page, `contents` (JavaScript importing the workspace's packages), as an app ships it:
 * every workspace package bundled from its TypeScript (the `latchkey-source` export condition), React external.
 * `workingDir`: the folder the page is resolved from, which the input paths are relative to.
 */
export async function splitPageBundle(contents: string, workingDir: string): Promise<SplitBundle> {
  const result = await build({
    ...SPLIT_BUILD,
    stdin: { contents, resolveDir: workingDir, loader: 'js' },
    absWorkingDir: workingDir,
    target: 'es2022',
    conditions: ['latchkey-source'],
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    loader: { '.css': 'text' },
  });
  return analyse(result.metafile);
}

const SPLIT_BUILD = {
  bundle: true,
  splitting: true,
  outdir: 'split-bundle-out',
  write: false,
  metafile: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  jsx: 'automatic',
  logLevel: 'silent',
} as const;

function analyse(metafile: Metafile): SplitBundle {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path]?.entryPoint === '<stdin>');
  if (!entry) throw new Error('no entry output');
  const closure = (kinds: string[]) => {
    const reached = new Set<string>();
    const visit = (path: string) => {
      if (reached.has(path)) return;
      reached.add(path);
      for (const imported of outputs[path]?.imports ?? []) {
        if (kinds.includes(imported.kind) && !imported.external) visit(imported.path);
      }
    };
    visit(entry);
    return reached;
  };
  const output = (path: string): Output | undefined => outputs[path];
  return {
    outputs,
    firstLoad: closure(['import-statement']),
    reachable: closure(['import-statement', 'dynamic-import']),
    filesOf: (path) =>
      Object.entries(output(path)?.inputs ?? {})
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([file]) => file),
    packagesOf: (path) =>
      (output(path)?.imports ?? []).filter((imported) => imported.external).map((imported) => imported.path),
  };
}
