import { defineProject } from 'vitest/config';

export default defineProject({
  ssr: { resolve: { conditions: ['latchkey-source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'provider',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // argon2id at its real cost and the child-process durability test need more than the 5 s default.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
