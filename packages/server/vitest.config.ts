import { defineProject } from 'vitest/config';

export default defineProject({
  ssr: { resolve: { conditions: ['latchkey-source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    // The provider runs in-process on a real database (PostgreSQL too, when LATCHKEY_TEST_POSTGRES_URL is set).
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
