import { defineProject } from 'vitest/config';

// The repository scripts' own tests (`npx vitest run --project scripts`): the browser choice, the command-line
// helpers of `npm test`, and `npm start` for real (on free ports, so they never meet the browser tests' 8787/5173).
export default defineProject({
  test: {
    name: 'scripts',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // `npm start` compiles the provider on load and starts Vite: slow on a busy machine.
    testTimeout: 150_000,
  },
});
