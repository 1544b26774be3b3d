// Vite settings for ladle, which brings its own Vite: only plain options here, no import of `vite` (the root's
// Vite is another major version).
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export default {
  // Each workspace package's `exports` lists a `latchkey-source` condition pointing at src/index.ts: stories run from the
  // sources, with no build, exactly like vitest and the playground.
  resolve: {
    conditions: ['latchkey-source', 'module', 'browser', 'development|production'],
  },
  // Ladle's Vite is not the repository's: keep its pre-bundled dependencies apart.
  cacheDir: 'node_modules/.vite-ladle',
  server: {
    fs: { allow: [root] },
  },
};
