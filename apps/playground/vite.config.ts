import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { REACT_18_ALIASES } from '../../packages/testing/src/react18.ts';

// LATCHKEY_REACT=18: the playground on React 18 (scripts/react18's copies), for the browser test on React 18
// (e2e/react18.e2e.ts). Its own dependency cache, so a React 19 server beside it keeps its pre-bundled React.
const isReact18 = process.env.LATCHKEY_REACT === '18';

// The playground runs the packages from their TypeScript (`latchkey-source` condition), so nothing needs building first.
// Port 5173 is strict and the host is `localhost` because the provider's default configuration allows exactly
// the origins http://localhost:5173 and http://127.0.0.1:5173 (CORS and the redirect-URL allowlist).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    conditions: ['latchkey-source', 'module', 'browser', 'development|production'],
    ...(isReact18 ? { alias: REACT_18_ALIASES } : {}),
  },
  ...(isReact18 ? { cacheDir: fileURLToPath(new URL('../../node_modules/.vite-react18', import.meta.url)) } : {}),
  server: { host: 'localhost', port: 5173, strictPort: true, open: false },
  preview: { host: 'localhost', port: 5173, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true },
});
