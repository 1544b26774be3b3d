import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'ui-default',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost:5173/' } },
    setupFiles: ['../testing/src/setup.ts'],
    // The provider hashes passwords with argon2id at its real cost.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
