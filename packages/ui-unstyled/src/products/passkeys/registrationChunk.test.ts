// @vitest-environment node
// The passkey registration screens stay a lazy chunk of their own: esbuild bundles this package's sources with code
// splitting (as an app's bundler does), and neither `<SignIn>`'s first load nor its passkey chunk holds them, while
// `<PasskeyRegistration>` with `preloadPasskeyRegistration` (which loads its first screen for a server render) fetches
// them as a lazy chunk, not in its first load.
import { describe, expect, it } from 'vitest';
import { splitBundle } from '../../../test/splitBundle';

const REGISTRATION_SCREENS = /^src\/products\/passkeys\/PasskeyRegistration(Start|Success)\//;

/** The package's files in the first load of a page importing `names`, and those of each of its other outputs. */
async function bundleOf(names: string[]) {
  const { outputs, firstLoad, filesOf } = await splitBundle(names);
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
