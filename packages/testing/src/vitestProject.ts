// The vitest project of every React package (hooks, ui-unstyled, ui-default): jsdom on the playground's origin,
// the shared setup file, and time-outs sized for a loaded CI machine (two cores, several projects at once).
import { fileURLToPath } from 'node:url';
import { defineProject, mergeConfig, type UserWorkspaceConfig } from 'vitest/config';
import { REACT_18_ALIASES, REACT_DEPENDENCIES } from './react18';
import { ASYNC_TIMEOUT, TEST_TIMEOUT } from './timeouts';

/** The vitest project of the React package `name`: its vitest.config.ts is `export default reactProject('hooks')`. */
export function reactProject(name: string): UserWorkspaceConfig {
  return defineProject({
    resolve: { conditions: ['latchkey-source', 'module', 'browser', 'development|production'] },
    ssr: { resolve: { conditions: ['latchkey-source', 'module', 'node', 'development|production'] } },
    test: {
      name,
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
      environment: 'jsdom',
      environmentOptions: { jsdom: { url: 'http://localhost:5173/' } },
      // The React major the tests expect (reactVersion.test.tsx); onReact18 sets 18.
      env: { LATCHKEY_REACT: '19' },
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

/**
 * The same project on React 18 (`<name>-react18`): the same test files with `react` and `react-dom` (every subpath)
 * resolved to the copies in scripts/react18, for the sources and for the dependencies that import React. A
 * package's vitest.react18.config.ts is `export default onReact18(project)` over its vitest.config.ts.
 */
export function onReact18(project: UserWorkspaceConfig): UserWorkspaceConfig {
  return mergeConfig(project, {
    resolve: { alias: REACT_18_ALIASES },
    test: {
      name: `${project.test?.name}-react18`,
      env: { LATCHKEY_REACT: '18' },
      server: { deps: { inline: REACT_DEPENDENCIES } },
    },
  });
}
