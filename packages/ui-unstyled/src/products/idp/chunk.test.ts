// @vitest-environment node
// IDPConsent stays out of every sign-in page: esbuild bundles this package's sources with code splitting (as an app's
// bundler does) from what a sign-in page imports, and no output file, first load or lazy, holds a file of the
// identity-provider folder or Radix's Collapsible. `<IdentityProvider>`'s first load holds neither either: the
// screens are its lazy chunk.
import { describe, expect, it } from 'vitest';
import { splitBundle } from '../../../test/splitBundle';

const IDP_FOLDER = 'src/products/idp/';
const COLLAPSIBLE = '@radix-ui/react-collapsible';

describe('the identity-provider chunk', () => {
  it.each([
    ['<SignIn>', ['SignIn', 'preloadSignIn']],
    ['<ResetPassword>', ['ResetPassword']],
    ['<PasskeyRegistration>', ['PasskeyRegistration']],
  ])('is in none of the chunks of %s', async (_name, names) => {
    const { reachable, filesOf, packagesOf } = await splitBundle(names);
    // The check would pass vacuously if the look-up missed the lazy chunks: the product chunks are reachable.
    expect([...reachable].flatMap(filesOf)).toContain('src/products/passkeys/messages.ts');
    for (const output of reachable) {
      expect(filesOf(output).filter((path) => path.includes(IDP_FOLDER))).toEqual([]);
      expect(packagesOf(output)).not.toContain(COLLAPSIBLE);
    }
  });

  it('is a lazy chunk of <IdentityProvider>: its first load holds no screen, no texts and no Collapsible', async () => {
    const { reachable, firstLoad, filesOf, packagesOf } = await splitBundle(['IdentityProvider']);
    const firstLoadFiles = [...firstLoad].flatMap(filesOf);
    const lazyFiles = [...reachable].filter((path) => !firstLoad.has(path)).flatMap(filesOf);
    // The root itself lives in the folder; besides it, only the screen options are in the first load.
    expect(firstLoadFiles.filter((path) => path.includes(IDP_FOLDER)).sort()).toEqual([
      `${IDP_FOLDER}IdentityProvider.tsx`,
      `${IDP_FOLDER}idpScreenOptions.ts`,
    ]);
    expect([...firstLoad].flatMap(packagesOf)).not.toContain(COLLAPSIBLE);
    expect(lazyFiles).toContain(`${IDP_FOLDER}IDPConsent/IDPConsentScreen.tsx`);
    expect(lazyFiles).toContain(`${IDP_FOLDER}IDPLogout/IDPLogoutScreen.tsx`);
    expect(lazyFiles).toContain(`${IDP_FOLDER}messages.ts`);
  });
});
