import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The SDK example: `npm start` at the repository root serves it until the playground exists.
// The `source` condition makes Vite read the SDK's TypeScript directly, so no build is needed.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: { port: 5173, strictPort: false, open: false },
  build: { outDir: 'dist', emptyOutDir: true },
});
