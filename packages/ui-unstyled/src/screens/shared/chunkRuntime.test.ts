// @vitest-environment node
// The code the widget's lazy chunks share is one chunk of a sign-in page's first load, not a chunk per set of lazy
// chunks that happen to use it: every chunk root re-exports CHUNK_RUNTIME (chunkRuntime.ts), and esbuild, bundling
// this package's sources with code splitting as an app's bundler does, puts the shared parts in one output file.
import { describe, expect, it } from 'vitest';
import { splitBundle } from '../../../test/splitBundle';
import { CHUNK_RUNTIME } from './chunkRuntime';

/**
 * Every lazy chunk root: those `<SignIn>` and `<PasskeyRegistration>` can fetch, and the identity provider's, which
 * esbuild writes for a sign-in page too although nothing loads it there.
 */
const CHUNK_ROOTS = {
  ...import.meta.glob<Record<string, unknown>>('../../products/*/chunk.ts'),
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

/**
 * The email form, the field-form parts it is made of and the focus after a failed submit: a file each in every first
 * load before they joined CHUNK_RUNTIME, then a file of their own until the identity provider's chunk re-exported it
 * too (2026-12-01): that chunk, which esbuild writes even where nothing loads it, reached SHARED and not these.
 */
const EMAIL_FORM = [
  'src/screens/Main/EmailForm.tsx',
  'src/screens/Main/fieldForm.tsx',
  'src/screens/shared/useFocusAfterFailedSubmit.ts',
];

describe('the chunk runtime', () => {
  it.each(Object.keys(CHUNK_ROOTS))('is re-exported by the chunk root %s', async (path) => {
    const chunk = await CHUNK_ROOTS[path as keyof typeof CHUNK_ROOTS]();
    expect(chunk.CHUNK_RUNTIME).toBe(CHUNK_RUNTIME);
  });

  it('covers every product chunk (the glob found them)', () => {
    expect(Object.keys(CHUNK_ROOTS)).toEqual(
      expect.arrayContaining([
        '../../products/otp/chunk.ts',
        '../../products/passwords/chunk.ts',
        '../../products/idp/chunk.ts',
      ]),
    );
  });

  it.each([
    ["the screens' shared code", SHARED],
    ['the email form and its parts', EMAIL_FORM],
    ['both together', [...SHARED, ...EMAIL_FORM]],
  ])("keeps %s in one chunk of <SignIn>'s first load", async (_name, files) => {
    const { outputs, firstLoad, filesOf } = await splitBundle(['SignIn']);
    const holders = files.map((file) => Object.keys(outputs).filter((output) => filesOf(output).includes(file)));
    // Each shared module is in exactly one output, and it is the same output for all of them, a file of the first load.
    for (const found of holders) expect(found).toHaveLength(1);
    expect(new Set(holders.map((found) => found[0]))).toHaveProperty('size', 1);
    expect(firstLoad.has(holders[0]?.[0] as string)).toBe(true);
  });
});
