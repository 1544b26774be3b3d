// @vitest-environment node
// The passkey registration screens stay a lazy chunk of their own: esbuild bundles this package's sources with code
// splitting (as an app's bundler does), and neither `<SignIn>`'s first load nor its passkey chunk holds them, while
// `<PasskeyRegistration>` with `preloadPasskeyRegistration` (which loads its first screen for a server render) fetches
// them as a lazy chunk, not in its first load.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('../../../', import.meta.url));
const INDEX = fileURLToPath(new URL('../../index.ts', import.meta.url));
const REGISTRATION_SCREENS = /^src\/products\/passkeys\/PasskeyRegistration(Start|Success)\//;

/** The files (relative to the package) of each output of a split bundle of `names`, and the first load's outputs. */
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
    outdir: 'registration-chunk-test-out',
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
  const filesOf = (path: string) =>
    Object.entries(outputs[path]?.inputs ?? {})
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file);
  const firstLoad = new Set<string>();
  const visit = (path: string) => {
    if (firstLoad.has(path)) return;
    firstLoad.add(path);
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(entry);
  return {
    firstLoadFiles: [...firstLoad].flatMap(filesOf),
    lazyOutputs: Object.keys(outputs)
      .filter((path) => !firstLoad.has(path))
      .map(filesOf),
  };
}

describe('the passkey registration screens', () => {
  it("are neither in <SignIn>'s first load nor in its passkey chunk", { timeout: 60_000 }, async () => {
    const { firstLoadFiles, lazyOutputs } = await bundleOf(['SignIn', 'preloadSignIn']);
    expect(firstLoadFiles.filter((file) => REGISTRATION_SCREENS.test(file))).toEqual([]);
    expect(firstLoadFiles).not.toContain('src/products/passkeys/PasskeyRegistration.tsx');
    const passkeyChunk = lazyOutputs.find((files) => files.includes('src/products/passkeys/PasskeyLogin.tsx'));
    // The check would pass vacuously if the passkey chunk were not found.
    expect(passkeyChunk).toBeDefined();
    expect(passkeyChunk?.filter((file) => REGISTRATION_SCREENS.test(file))).toEqual([]);
  });

  it('are a lazy chunk of <PasskeyRegistration>, preloaded or not', { timeout: 60_000 }, async () => {
    const { firstLoadFiles, lazyOutputs } = await bundleOf(['PasskeyRegistration', 'preloadPasskeyRegistration']);
    expect(firstLoadFiles).toContain('src/products/passkeys/PasskeyRegistration.tsx');
    expect(firstLoadFiles.filter((file) => REGISTRATION_SCREENS.test(file))).toEqual([]);
    expect(lazyOutputs.flat()).toContain(
      'src/products/passkeys/PasskeyRegistrationStart/PasskeyRegistrationStartScreen.tsx',
    );
  });
});
