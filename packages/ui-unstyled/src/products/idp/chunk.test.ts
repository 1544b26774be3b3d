// @vitest-environment node
// IDPConsent stays out of every sign-in page: esbuild bundles this package's sources with code splitting (as an app's
// bundler does) from what a sign-in page imports, and no output file, first load or lazy, holds a file of the
// identity-provider folder or Radix's Collapsible. `<IdentityProvider>`'s first load holds neither either: the
// screens are its lazy chunk.
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('../../../', import.meta.url));
const INDEX = fileURLToPath(new URL('../../index.ts', import.meta.url));
const IDP_FOLDER = 'src/products/idp/';
const COLLAPSIBLE = '@radix-ui/react-collapsible';

/**
 * The outputs of a split bundle of `names` imported from the package index (input paths relative to the package):
 * those the page can ever download (the entry and every import, static or dynamic, transitively; esbuild also writes
 * a chunk for a dynamic import in code it shook out, which nothing loads) and those of its first load (static only).
 */
async function bundleOf(names: string[]) {
  const result = await build({
    stdin: {
      contents: `export { ${names.join(', ')} } from ${JSON.stringify(INDEX)};`,
      resolveDir: PACKAGE,
      loader: 'ts',
    },
    absWorkingDir: PACKAGE,
    bundle: true,
    splitting: true,
    outdir: 'chunk-test-out',
    write: false,
    metafile: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    packages: 'external',
    jsx: 'automatic',
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
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
  const reachable = closure(['import-statement', 'dynamic-import']);
  const firstLoad = closure(['import-statement']);
  return { outputs, reachable, firstLoad };
}

/** This package's files that put bytes in `output`. */
const filesOf = (output: Metafile['outputs'][string] | undefined) =>
  Object.entries(output?.inputs ?? {})
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);

const packagesOf = (output: Metafile['outputs'][string] | undefined) =>
  (output?.imports ?? []).filter((imported) => imported.external).map((imported) => imported.path);

describe('the identity-provider chunk', () => {
  it.each([
    ['<SignIn>', ['SignIn', 'preloadSignIn']],
    ['<ResetPassword>', ['ResetPassword']],
    ['<PasskeyRegistration>', ['PasskeyRegistration']],
  ])('is in none of the chunks of %s', async (_name, names) => {
    const { outputs, reachable } = await bundleOf(names);
    // The check would pass vacuously if the look-up missed the lazy chunks: the product chunks are reachable.
    expect([...reachable].flatMap((path) => filesOf(outputs[path]))).toContain('src/products/passkeys/messages.ts');
    for (const output of [...reachable].map((path) => outputs[path])) {
      expect(filesOf(output).filter((path) => path.includes(IDP_FOLDER))).toEqual([]);
      expect(packagesOf(output)).not.toContain(COLLAPSIBLE);
    }
  });

  it('is a lazy chunk of <IdentityProvider>: its first load holds no screen, no texts and no Collapsible', async () => {
    const { outputs, reachable, firstLoad } = await bundleOf(['IdentityProvider']);
    const firstLoadFiles = [...firstLoad].flatMap((path) => filesOf(outputs[path]));
    const lazyFiles = [...reachable].filter((path) => !firstLoad.has(path)).flatMap((path) => filesOf(outputs[path]));
    // The root itself lives in the folder; besides it, only the screen options are in the first load.
    expect(firstLoadFiles.filter((path) => path.includes(IDP_FOLDER)).sort()).toEqual([
      `${IDP_FOLDER}IdentityProvider.tsx`,
      `${IDP_FOLDER}idpScreenOptions.ts`,
    ]);
    expect([...firstLoad].flatMap((path) => packagesOf(outputs[path]))).not.toContain(COLLAPSIBLE);
    expect(lazyFiles).toContain(`${IDP_FOLDER}IDPConsent/IDPConsentScreen.tsx`);
    expect(lazyFiles).toContain(`${IDP_FOLDER}IDPLogout/IDPLogoutScreen.tsx`);
    expect(lazyFiles).toContain(`${IDP_FOLDER}messages.ts`);
  });
});
