import { defineProject } from 'vitest/config';
import { E2E_WAIT_MS } from './e2e/config.ts';

// The browser tests: `npx vitest run --project e2e` (one file: add its path). The global setup starts
// `node scripts/start.mjs` (provider + playground) on a fresh SQLite database and one headless Chromium.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/globalSetup.ts'],
    // One browser, one provider, one playground: the files take turns, and run after every other project
    // (groupOrder) so they do not compete for the CPU with the unit tests.
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    // A sign-in is several round trips plus argon2id hashing in the provider; the setup starts two servers.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // `expect.poll` waits as long as a locator does (vitest's default is 1 s).
    expect: { poll: { timeout: E2E_WAIT_MS } },
  },
});
