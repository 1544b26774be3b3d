// @vitest-environment node
// The files of a sign-in page's first load, the way an app's bundler makes them: esbuild bundles a page that creates
// the client and renders `<SignIn>` (email magic links) from the packages' sources, with code splitting (minified
// ESM, React external). A bundler puts a shared module in the chunk of the set of entry points that reach it, so a
// module that the first load and only some lazy chunks use is a file of its own: one request more before the first
// input, while the browser opens at most six connections to a server that speaks HTTP/1.1. The kits' lazy chunks
// re-export what they share with the first load (CHUNK_RUNTIME, HOOKS_CHUNK_RUNTIME), and the SDK's that check no
// argument re-export the argument checks (its validation.ts), so that the shared code stays in few files.
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('../', import.meta.url));

const PAGE = [
  `import { createElement } from 'react';`,
  `import { createRoot } from 'react-dom/client';`,
  `import { LatchkeyProvider } from '@latchkey/hooks';`,
  `import { createClient } from '@latchkey/sdk';`,
  `import { SignIn, preloadSignIn } from '@latchkey/ui-default';`,
  `const config = { products: ['emailMagicLinks'] };`,
  'export function render(element) {',
  `  const client = createClient('public-token-test-x', { apiBaseUrl: 'http://localhost:3000' });`,
  '  createRoot(element).render(createElement(LatchkeyProvider, { client }, createElement(SignIn, { config })));',
  '}',
  'export function preload() {',
  '  return preloadSignIn(config);',
  '}',
].join('\n');

interface FirstLoad {
  /** The first load's JavaScript files: the entry and its static imports, transitively. */
  files: string[];
  /** The first-load file that holds `source` (a path ending), or undefined. */
  holderOf(source: string): string | undefined;
}

async function firstLoad(): Promise<FirstLoad> {
  const result = await build({
    stdin: { contents: PAGE, resolveDir: PACKAGE, loader: 'js', sourcefile: 'page.js' },
    absWorkingDir: PACKAGE,
    bundle: true,
    splitting: true,
    outdir: 'first-load-out',
    write: false,
    metafile: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    // The packages' TypeScript (their `latchkey-source` export condition), as in the workspace's own tests.
    conditions: ['latchkey-source'],
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    loader: { '.css': 'text' },
    logLevel: 'silent',
  });
  const outputs: Metafile['outputs'] = result.metafile.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path]?.entryPoint === 'page.js');
  const files = new Set<string>();
  const visit = (path: string) => {
    if (files.has(path)) return;
    files.add(path);
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  if (entry) visit(entry);
  return {
    files: [...files].filter((path) => path.endsWith('.js')),
    holderOf: (source) =>
      [...files].find((path) =>
        Object.entries(outputs[path]?.inputs ?? {}).some(
          ([input, { bytesInOutput }]) => bytesInOutput > 0 && input.endsWith(source),
        ),
      ),
  };
}

let page: FirstLoad;
beforeAll(async () => {
  page = await firstLoad();
}, 60_000);

describe("a magic-link sign-in page's first load", () => {
  it('holds the modules the lazy chunks share (the check is not vacuous)', () => {
    for (const source of ['hooks/src/useSingleFlight.ts', 'ui-unstyled/src/screens/Main/EmailForm.tsx']) {
      expect(page.holderOf(source), source).toBeDefined();
    }
  });

  it("is four files: the page's own, the code every lazy chunk shares, the email form's and the SDK's shared checks", () => {
    // Seven before: the single-flight guard, the focus after a failed submit, the email form and the SDK's argument
    // checks were a file each, because each was shared with a different set of lazy chunks.
    expect(page.files).toHaveLength(4);
  });

  it("keeps the email form with the guard and the focus it uses, in one file (the kits' chunk runtime)", () => {
    const holders = new Set(
      [
        'hooks/src/useSingleFlight.ts',
        'hooks/src/useEmailField.ts',
        'ui-unstyled/src/screens/Main/EmailForm.tsx',
        'ui-unstyled/src/screens/Main/fieldForm.tsx',
        'ui-unstyled/src/screens/shared/useFocusAfterFailedSubmit.ts',
      ].map((source) => page.holderOf(source)),
    );
    expect(holders.has(undefined)).toBe(false);
    expect(holders.size).toBe(1);
  });

  it("keeps the SDK's argument checks with its error classes, in one file", () => {
    const checks = page.holderOf('sdk/src/validation.ts');
    expect(checks).toBeDefined();
    expect(page.holderOf('sdk/src/errors.ts')).toBe(checks);
  });
});
