import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['latchkey-source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['latchkey-source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'sdk',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
  },
});
