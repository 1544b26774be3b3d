import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The SDK example: `npm start` at the repository root serves it beside the provider until the playground exists.
// The `latchkey-source` condition makes Vite read the SDK's TypeScript directly, so no build is needed.
// The port is strict because the provider's default configuration allows exactly this origin (CORS).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { conditions: ['latchkey-source', 'module', 'browser', 'development|production'] },
  server: { port: 5173, strictPort: true, open: false },
  build: { outDir: 'dist', emptyOutDir: true },
});
