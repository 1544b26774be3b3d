// The vitest project of every React package (hooks, ui-unstyled, ui-default): jsdom on the playground's origin,
// the shared setup file, and time-outs sized for a loaded CI machine (two cores, several projects at once).
import { fileURLToPath } from 'node:url';
import { configDefaults, defineProject, mergeConfig, type UserWorkspaceConfig } from 'vitest/config';
import { REACT_18_ALIASES, REACT_DEPENDENCIES } from './react18.ts';
import { ASYNC_TIMEOUT, TEST_TIMEOUT } from './timeouts.ts';

/**
 * The vitest project of the React package `name`: its vitest.config.ts is `export default reactProject('hooks')`.
 *
 * Its test files share one module graph and one page per worker (`isolate: false`): importing the provider, the SDK
 * and the kit again for every file, in a fresh jsdom, cost more than the tests themselves (CI time halved). The
 * shared setup (setup.ts) leaves the page as it found it after every test. The files in `isolatedTests` need a
 * module graph or a page of their own (what a lazy chunk adds to module state, custom elements not defined yet):
 * they run in the `<name>-isolated` project (isolatedProject, vitest.isolated.config.ts), one fresh worker each.
 */
export function reactProject(name: string, options: { isolatedTests?: readonly string[] } = {}): UserWorkspaceConfig {
  return defineProject({
    resolve: { conditions: ['latchkey-source', 'module', 'browser', 'development|production'] },
    ssr: { resolve: { conditions: ['latchkey-source', 'module', 'node', 'development|production'] } },
    test: {
      name,
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
      exclude: [...configDefaults.exclude, ...(options.isolatedTests ?? [])],
      isolate: false,
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

/**
 * The files of `project` that need a module graph and a page of their own (`<name>-isolated`, on React 19 only: what
 * they test does not depend on the React major). A package's vitest.isolated.config.ts is
 * `export default isolatedProject(project, ISOLATED_TESTS)`.
 */
export function isolatedProject(project: UserWorkspaceConfig, files: readonly string[]): UserWorkspaceConfig {
  return {
    ...project,
    test: {
      ...project.test,
      name: `${project.test?.name}-isolated`,
      include: [...files],
      exclude: [...configDefaults.exclude],
      isolate: true,
    },
  };
}
