// @vitest-environment node
// The files of a sign-in page's first load, the way an app's bundler makes them: esbuild bundles a page that creates
// the client and renders `<SignIn>` (email magic links) from the packages' sources, with code splitting (minified
// ESM, React external). A bundler puts a shared module in the chunk of the set of entry points that reach it, so a
// module that the first load and only some lazy chunks use is a file of its own: one request more before the first
// input, while the browser opens at most six connections to a server that speaks HTTP/1.1. The kits' lazy chunks,
// the identity provider's included, re-export what they share with the first load (CHUNK_RUNTIME,
// HOOKS_CHUNK_RUNTIME), so that the shared code is one file, and the SDK's lazily loaded modules import nothing of its
// first load (they receive it at run time: the SDK's internal/shared.ts), so that the SDK adds no file.
import { fileURLToPath } from 'node:url';
import { type SplitBundle, splitPageBundle } from '@latchkey/testing/split-bundle';
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

let bundle: SplitBundle;
beforeAll(async () => {
  bundle = await splitPageBundle(PAGE, PACKAGE);
}, 60_000);

/** The first load's JavaScript files: the entry and its static imports, transitively. */
const firstLoadFiles = () => [...bundle.firstLoad].filter((path) => path.endsWith('.js'));

/** The first-load file that holds `source` (a path ending), or undefined. */
const holderOf = (source: string) =>
  [...bundle.firstLoad].find((path) => bundle.filesOf(path).some((input) => input.endsWith(source)));

describe("a magic-link sign-in page's first load", () => {
  it('holds the modules the lazy chunks share (the check is not vacuous)', () => {
    for (const source of ['hooks/src/useSingleFlight.ts', 'ui-unstyled/src/screens/Main/EmailForm.tsx']) {
      expect(holderOf(source), source).toBeDefined();
    }
  });

  it("is two files: the page's own and the code every lazy chunk shares", () => {
    // Seven before: the single-flight guard, the focus after a failed submit, the email form and the SDK's argument
    // checks were a file each, because each was shared with a different set of lazy chunks; four until 2026-12-01,
    // when the SDK's checks joined its core and the email form the rest of the chunk runtime.
    expect(firstLoadFiles()).toHaveLength(2);
  });

  it("keeps the email form with the guard and the focus it uses, in one file (the kits' chunk runtime)", () => {
    const holders = new Set(
      [
        'hooks/src/useSingleFlight.ts',
        'hooks/src/useEmailField.ts',
        'ui-unstyled/src/screens/Main/EmailForm.tsx',
        'ui-unstyled/src/screens/Main/fieldForm.tsx',
        'ui-unstyled/src/screens/shared/useFocusAfterFailedSubmit.ts',
      ].map((source) => holderOf(source)),
    );
    expect(holders.has(undefined)).toBe(false);
    expect(holders.size).toBe(1);
  });

  it("keeps the SDK's argument checks with its error classes, in one file", () => {
    const checks = holderOf('sdk/src/validation.ts');
    expect(checks).toBeDefined();
    expect(holderOf('sdk/src/errors.ts')).toBe(checks);
  });
});
