import { defineProject } from 'vitest/config';

export default defineProject({
  ssr: { resolve: { conditions: ['latchkey-source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'provider',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // One module graph per worker, shared by its test files: importing the provider afresh for each of ~70 files
    // cost more than half of the suite's time. Every helper's clean-up runs from the setup file (test/setup.ts), and
    // the tests that change process state (environment variables, globals, spies) restore it after each test.
    isolate: false,
    setupFiles: ['test/setup.ts'],
    // On PostgreSQL: drops the databases the test processes pooled, once they have ended.
    globalSetup: ['test/globalSetup.ts'],
    // argon2id at its real cost and the child-process durability test need more than the 5 s default.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
