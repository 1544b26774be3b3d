import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The playground runs the packages from their TypeScript (`source` condition), so nothing needs building first.
// Port 5173 is strict and the host is `localhost` because the provider's default configuration allows exactly
// the origins http://localhost:5173 and http://127.0.0.1:5173 (CORS and the redirect-URL allowlist).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: { host: 'localhost', port: 5173, strictPort: true, open: false },
  preview: { host: 'localhost', port: 5173, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true },
});
