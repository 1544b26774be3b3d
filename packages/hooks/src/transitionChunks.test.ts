// @vitest-environment node
// The product slices' transition rows stay out of a magic-link-only page: esbuild bundles this package's sources
// (tree-shaken, as an app's bundler does) from what a magic-link-only sign-in page imports, and the slices'
// `transitions.ts` files must contribute no bytes; importing a slice's hook brings its rows in.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const INDEX = fileURLToPath(new URL('./index.ts', import.meta.url));
const SLICE_ROWS = ['otp', 'passwords', 'passkeys', 'totp'].map((key) => `products/${key}/transitions.ts`);

/** The slices' `transitions.ts` files that put bytes in the bundle of `names`, imported from the package index. */
async function sliceRowsIn(names: string[]): Promise<string[]> {
  const result = await build({
    stdin: {
      contents: `export { ${names.join(', ')} } from ${JSON.stringify(INDEX)};`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    metafile: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    packages: 'external',
    logLevel: 'silent',
  });
  const [output] = Object.values(result.metafile.outputs);
  return Object.entries(output?.inputs ?? {})
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path.split('/').slice(-3).join('/'))
    .filter((path) => SLICE_ROWS.includes(path));
}

// What the kits' magic-link-only first load takes from this package: the store and its configuration, the
// product registry, the magic-link flow and the transition table.
const MAGIC_LINK_PAGE = [
  'createSignInStore',
  'resolveSignInConfig',
  'signInConfigError',
  'SIGN_IN_PRODUCTS',
  'useMagicLinkFlow',
  'transition',
  'isAwaiting',
];

describe("the product slices' transition rows in a bundle", () => {
  it('are not in a magic-link-only import graph', async () => {
    expect(await sliceRowsIn(MAGIC_LINK_PAGE)).toEqual([]);
  });

  it("come with the hooks that dispatch the slice's events", async () => {
    expect(await sliceRowsIn([...MAGIC_LINK_PAGE, 'useOtpFlow'])).toEqual(['products/otp/transitions.ts']);
    expect((await sliceRowsIn(['usePasswordFlow'])).sort()).toEqual([
      'products/otp/transitions.ts',
      'products/passwords/transitions.ts',
    ]);
    expect(await sliceRowsIn(['useAuthenticateByUrl'])).toEqual(['products/passwords/transitions.ts']);
  });
});
