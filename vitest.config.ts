import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // packages/*/vitest.react18.config.ts: the React packages' tests again on React 18 (`<name>-react18`).
    projects: [
      'packages/*/vitest.config.ts',
      'packages/*/vitest.react18.config.ts',
      // The few files of the React packages that need a module graph of their own (vitestProject.ts).
      'packages/*/vitest.isolated.config.ts',
      'apps/*/vitest.config.ts',
      // The provider with the sample product of issue 27's proof (apps/provider/testing/sampleProduct/).
      'apps/provider/vitest.sampleProduct.config.ts',
      // The same sample in the SDK, the hooks and both kits, and a browser page signing in with it
      // (packages/testing/src/sampleProduct/).
      'packages/testing/vitest.kitsSample.config.ts',
      'scripts/vitest.config.ts',
    ],
  },
});
