// The vitest project of every React package (hooks, ui-unstyled, ui-default): jsdom on the playground's origin,
// the shared setup file, and time-outs sized for a loaded CI machine (two cores, several projects at once).
import { fileURLToPath } from 'node:url';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';
import { ASYNC_TIMEOUT, TEST_TIMEOUT } from './timeouts';

/** The vitest project of the React package `name`: its vitest.config.ts is `export default reactProject('hooks')`. */
export function reactProject(name: string): UserWorkspaceConfig {
  return defineProject({
    resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
    ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
    test: {
      name,
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
      environment: 'jsdom',
      environmentOptions: { jsdom: { url: 'http://localhost:5173/' } },
      setupFiles: [fileURLToPath(new URL('./setup.ts', import.meta.url))],
      testTimeout: TEST_TIMEOUT,
      hookTimeout: TEST_TIMEOUT,
      expect: { poll: { timeout: ASYNC_TIMEOUT } },
      // `vi.useFakeTimers()` fakes only what the widget's countdowns, debounces and user-event need. Not
      // setImmediate: the in-process provider groups commits with it, and a commit scheduled while fake timers
      // run would be lost when a test returns to real ones, hanging that test's clean-up.
      fakeTimers: { toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] },
    },
  });
}
