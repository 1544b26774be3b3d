import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default for a run is one worker fewer than the CPUs: a single worker on a 2-core machine (CI), whose
    // other core then mostly waits, since the tests spend much of their time waiting on the in-process provider,
    // child processes and timers. Two at least: the unit pass takes 8 min instead of 10.5 there. The browser tests still
    // take turns (apps/playground/vitest.config.ts), and `npm test` gives the PostgreSQL pass beside them one worker
    // (scripts/test.mjs).
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
