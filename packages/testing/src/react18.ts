// React 18 beside the repository's React 19: the copies in scripts/react18/node_modules (a private workspace, so
// npm installs react-dom 18 next to the react 18 its peer range asks for). One alias list serves the React 18
// vitest projects (vitestProject.ts, onReact18) and the playground's LATCHKEY_REACT=18 mode (its vite.config.ts).
import { fileURLToPath } from 'node:url';

const modules = fileURLToPath(new URL('../../../scripts/react18/node_modules/', import.meta.url));

/** The directory of React 18's `react` (or `react-dom`), e.g. for reading its package.json. */
export const REACT_18_DIRECTORY = { react: `${modules}react`, 'react-dom': `${modules}react-dom` };

const TESTING_LIBRARY_ESM = fileURLToPath(
  new URL('../../../node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
);

/**
 * Vite aliases sending `react`, `react-dom` and every subpath (`react/jsx-runtime`, `react/jsx-dev-runtime`,
 * `react-dom/client`, `react-dom/server`…) to React 18. An alias applies to what Vite transforms: the packages'
 * sources, and the dependencies a project inlines (REACT_DEPENDENCIES); react-dom 18 itself finds its sibling
 * react 18 by Node's own resolution, so every importer gets the same copy.
 */
export const REACT_18_ALIASES = [
  // testing-library has no `exports`, and vitest would load its CommonJS `main`, whose require() calls no alias
  // reaches: its ES module build instead.
  { find: /^@testing-library\/react$/, replacement: TESTING_LIBRARY_ESM },
  { find: /^react-dom(\/.*)?$/, replacement: `${REACT_18_DIRECTORY['react-dom']}$1` },
  { find: /^react(\/.*)?$/, replacement: `${REACT_18_DIRECTORY.react}$1` },
];

/**
 * The dependencies that import React, which vitest would otherwise leave to Node (resolving the root's React 19):
 * inlined in a React 18 project so the aliases reach their imports.
 */
export const REACT_DEPENDENCIES: (string | RegExp)[] = [
  '@testing-library/react',
  '@tanstack/react-query',
  /@radix-ui\//,
  'zustand',
  'sonner',
];
