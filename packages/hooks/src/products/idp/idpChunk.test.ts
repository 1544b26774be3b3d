// @vitest-environment node
// The identity-provider hooks stay out of a sign-in page: esbuild bundles this package's sources (tree-shaken, as an
// app's bundler does) from what a sign-in page imports, and no file of products/idp may put bytes in it. The consent
// hook runs its preflight through react-query (`authorizePreflightQueryOptions`, the server state the architecture
// names), so it comes with it; the logout hook comes without.
import { fileURLToPath } from 'node:url';
import { splitBundle } from '@latchkey/testing/split-bundle';
import { describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('../../../', import.meta.url));
const INDEX = fileURLToPath(new URL('../../index.ts', import.meta.url));

/**
 * This package's files that put bytes in any output a page importing `names` (from the index) can load, first or
 * later (the last three path segments), and the packages those outputs import.
 */
async function bundleOf(names: string[]): Promise<{ files: string[]; packages: string[] }> {
  const { reachable, filesOf, packagesOf } = await splitBundle(INDEX, names, PACKAGE);
  return {
    files: [...reachable].flatMap(filesOf).map((path) => path.split('/').slice(-3).join('/')),
    packages: [...reachable].flatMap(packagesOf),
  };
}

// What a sign-in page takes from this package: the store, the registry, the flows of every sign-in product.
const SIGN_IN_PAGE = [
  'createSignInStore',
  'resolveSignInConfig',
  'signInConfigError',
  'SIGN_IN_PRODUCTS',
  'transition',
  'useMagicLinkFlow',
  'useOtpFlow',
  'usePasswordFlow',
  'usePasskeyLogin',
  'useOAuth',
  'useCryptoWalletFlow',
  'useTotpFlow',
  'useAuthenticateByUrl',
  'useSession',
  'useUser',
];

const idpFiles = (files: string[]) => files.filter((path) => path.startsWith('products/idp/'));

describe('the identity-provider hooks in a bundle', () => {
  it('are not in a sign-in page', async () => {
    expect(idpFiles((await bundleOf(SIGN_IN_PAGE)).files)).toEqual([]);
  });

  it('come when imported, the consent preflight through react-query, the logout screen without it', async () => {
    const screens = await bundleOf(['useAuthorize', 'useLogout', 'isLogoutRequest']);
    expect(idpFiles(screens.files).sort()).toEqual([
      'products/idp/idpFlow.ts',
      'products/idp/isLogoutRequest.ts',
      'products/idp/queryOptions.ts',
      'products/idp/useAuthorize.ts',
      'products/idp/useLogout.ts',
    ]);
    // The mount point's shell, which picks the screen before their chunk loads, takes isLogoutRequest alone.
    expect(idpFiles((await bundleOf(['isLogoutRequest'])).files)).toEqual(['products/idp/isLogoutRequest.ts']);
    expect(screens.packages).toContain('@tanstack/react-query');
    expect((await bundleOf(['useLogout'])).packages).not.toContain('@tanstack/react-query');
    expect((await bundleOf(['useConnectedApps'])).packages).toContain('@tanstack/react-query');
  });
});
