// @vitest-environment node
// The product slices' transition rows stay out of a magic-link-only page's first load: esbuild bundles this
// package's sources (tree-shaken, as an app's bundler does) from what a magic-link-only sign-in page imports, and
// the slices' `transitions.ts` files must contribute no bytes. What an `import()` brings loads later, in a chunk of
// its own (an app's bundler splits there): it is not in the first load. A slice's rows come with the flow hooks that
// dispatch its events (they import them and hand them to the store), the TOTP rows by an `import()` of the second
// factor's descriptor at a partial authentication: no descriptor and no core module brings them. The wallet slice's
// hooks and bs58 stay out of that page too, so does the social slice's code (its descriptor aside), and viem / tweetnacl (the provider's) never reach a browser bundle.
import { fileURLToPath } from 'node:url';
import { splitBundle } from '@latchkey/testing/split-bundle';
import { describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('../', import.meta.url));
const INDEX = fileURLToPath(new URL('./index.ts', import.meta.url));
const SLICE_ROWS = ['otp', 'passwords', 'passkeys', 'totp', 'crypto'].map((key) => `products/${key}/transitions.ts`);
const WALLET_HOOKS = ['useCryptoWalletFlow.ts', 'useWallets.ts', 'walletSigning.ts'].map(
  (file) => `products/crypto/${file}`,
);
// Everything of the social slice but its descriptor (product.ts, which the registry puts in every first load).
const SOCIAL_CHUNK = [
  'useOAuth.ts',
  'useGoogleOneTap.ts',
  'googleScript.ts',
  'providerLabels.ts',
  'oneTapConstants.ts',
].map((file) => `products/oauth/${file}`);

/**
 * The first load of `names` imported from the package index (null: everything it exports): this package's files that
 * put bytes in it (the last three path segments), and the packages it imports.
 */
async function bundleOf(names: string[] | null): Promise<{ files: string[]; packages: string[] }> {
  const { firstLoad, filesOf, packagesOf } = await splitBundle(INDEX, names, PACKAGE);
  return {
    files: [...firstLoad].flatMap(filesOf).map((path) => path.split('/').slice(-3).join('/')),
    packages: [...firstLoad].flatMap(packagesOf),
  };
}

/** The slices' `transitions.ts` files that put bytes in the first load of `names`, imported from the package index. */
async function sliceRowsIn(names: string[]): Promise<string[]> {
  return (await bundleOf(names)).files.filter((path) => SLICE_ROWS.includes(path));
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

  it("come with the hooks that dispatch the slice's events, and only theirs (TOTP's at a partial authentication)", async () => {
    expect(await sliceRowsIn([...MAGIC_LINK_PAGE, 'useOtpFlow'])).toEqual(['products/otp/transitions.ts']);
    expect((await sliceRowsIn(['usePasswordFlow'])).sort()).toEqual([
      'products/otp/transitions.ts',
      'products/passwords/transitions.ts',
    ]);
    expect(await sliceRowsIn(['useAuthenticateByUrl'])).toEqual([]);
    expect(await sliceRowsIn(['useCryptoWalletFlow'])).toEqual(['products/crypto/transitions.ts']);
    expect(await sliceRowsIn(['useTotpFlow'])).toEqual(['products/totp/transitions.ts']);
    expect(await sliceRowsIn([...MAGIC_LINK_PAGE, 'useOAuth', 'offeredSecondFactors'])).toEqual([]);
  });

  it('come when imported by name (a host composing its own table)', async () => {
    expect(await sliceRowsIn(['OTP_TRANSITIONS'])).toEqual(['products/otp/transitions.ts']);
  });
});

describe('the wallet slice in a bundle', () => {
  it('is not in a magic-link-only import graph: no wallet hooks, no bs58', async () => {
    const { files, packages } = await bundleOf(MAGIC_LINK_PAGE);
    expect(files.filter((path) => WALLET_HOOKS.includes(path))).toEqual([]);
    expect(packages).not.toContain('bs58');
  });

  it('brings bs58 with the flow hook only (the wallet list and the spec texts need none)', async () => {
    expect((await bundleOf(['useCryptoWalletFlow'])).packages).toContain('bs58');
    const list = await bundleOf(['useWallets', 'mainWalletCount', 'CRYPTO_CONNECT_ERROR', 'CRYPTO_SIGN_ERROR']);
    expect(list.packages).not.toContain('bs58');
    expect(list.files).not.toContain('products/crypto/transitions.ts');
  });

  it('never brings viem or tweetnacl, whatever is imported', async () => {
    const { packages } = await bundleOf(null);
    expect(packages).toContain('bs58');
    expect(packages.filter((name) => /^(viem|tweetnacl)(\/|$)/.test(name))).toEqual([]);
  });
});

describe('the social slice in a bundle', () => {
  it('is not in a magic-link-only import graph: only its descriptor, no hooks, labels or One Tap code', async () => {
    const { files } = await bundleOf(MAGIC_LINK_PAGE);
    expect(files.filter((path) => SOCIAL_CHUNK.includes(path))).toEqual([]);
    expect(files).toContain('products/oauth/product.ts');
  });

  it('brings no transition rows: its failures use the core `failed` row', async () => {
    expect(await sliceRowsIn([...MAGIC_LINK_PAGE, 'useOAuth', 'useGoogleOneTap'])).toEqual([]);
  });

  it("keeps One Tap's script loader out of a page that only draws the social buttons", async () => {
    const { files } = await bundleOf(['useOAuth']);
    expect(files).toContain('products/oauth/useOAuth.ts');
    expect(files.filter((path) => path.endsWith('googleScript.ts') || path.endsWith('useGoogleOneTap.ts'))).toEqual([]);
  });
});
