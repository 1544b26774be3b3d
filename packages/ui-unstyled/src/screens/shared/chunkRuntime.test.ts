// @vitest-environment node
// The code the widget's lazy chunks share is one chunk of a sign-in page's first load, not a chunk per set of lazy
// chunks that happen to use it: every chunk root re-exports CHUNK_RUNTIME (chunkRuntime.ts), and esbuild, bundling
// this package's sources with code splitting as an app's bundler does, puts the shared parts in one output file.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { CHUNK_RUNTIME } from './chunkRuntime';

const PACKAGE = fileURLToPath(new URL('../../../', import.meta.url));
const INDEX = fileURLToPath(new URL('../../index.ts', import.meta.url));

/** Every lazy chunk root `<SignIn>` and `<PasskeyRegistration>` can fetch (the identity provider's is not one). */
const CHUNK_ROOTS = {
  ...import.meta.glob<Record<string, unknown>>(['../../products/*/chunk.ts', '!../../products/idp/chunk.ts']),
  '../outcomeScreens.ts': () => import('../outcomeScreens'),
  '../../products/passkeys/registrationScreens.ts': () => import('../../products/passkeys/registrationScreens'),
};

/** The modules the lazy chunks share with the first load: each is in CHUNK_RUNTIME. */
const SHARED = [
  'src/components/ErrorMessage.tsx',
  'src/components/Spinner.tsx',
  'src/messages/index.tsx',
  'src/primitives/createPart.tsx',
  'src/primitives/Slot.tsx',
  'src/screens/shared/screenContext.ts',
];

describe('the chunk runtime', () => {
  it.each(Object.keys(CHUNK_ROOTS))('is re-exported by the chunk root %s', async (path) => {
    const chunk = await CHUNK_ROOTS[path as keyof typeof CHUNK_ROOTS]();
    expect(chunk.CHUNK_RUNTIME).toBe(CHUNK_RUNTIME);
  });

  it('covers every product chunk (the glob found them)', () => {
    expect(Object.keys(CHUNK_ROOTS)).toEqual(
      expect.arrayContaining(['../../products/otp/chunk.ts', '../../products/passwords/chunk.ts']),
    );
  });

  it("keeps the screens' shared code in one chunk of <SignIn>'s first load", async () => {
    const result = await build({
      stdin: { contents: `export { SignIn } from ${JSON.stringify(INDEX)};`, resolveDir: PACKAGE, loader: 'ts' },
      absWorkingDir: PACKAGE,
      bundle: true,
      splitting: true,
      outdir: 'chunk-runtime-test-out',
      write: false,
      metafile: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      packages: 'external',
      jsx: 'automatic',
      logLevel: 'silent',
    });
    const outputs = Object.values(result.metafile.outputs);
    const holders = SHARED.map((file) => outputs.filter((output) => (output.inputs[file]?.bytesInOutput ?? 0) > 0));
    // Each shared module is in exactly one output, and it is the same output for all of them.
    for (const found of holders) expect(found).toHaveLength(1);
    expect(new Set(holders.map((found) => found[0]))).toHaveProperty('size', 1);
  });
});
