// The playground as a development build served as static files: `npm start -- --built` (scripts/start.mjs), and the
// browser tests. The same sources, configuration and React development build as `vite` serves (warnings and
// `import.meta.env.DEV` included), bundled first: a page loads about 30 files instead of about 350 modules, and
// shows its first input in about 1 s instead of about 5 s on a 2-core machine. No hot reload: restart to see an edit.
//
//   node apps/playground/serve-built.mjs --port <n>
//
// The build goes to a fresh temporary directory (removed on exit), so two servers never share one and the
// playground's own `dist` (`npm run build -w @latchkey/playground`) is left alone. VITE_* variables are read by the
// build, as `vite` reads them when it starts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

// React and the packages' `development|production` export conditions follow NODE_ENV: the development builds.
process.env.NODE_ENV = 'development';
const { build, preview } = await import('vite');

const { values } = parseArgs({ options: { port: { type: 'string', default: '5173' } } });
const configFile = fileURLToPath(new URL('./vite.config.ts', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'latchkey-playground-'));
const removeBuild = () => rmSync(outDir, { recursive: true, force: true });
process.on('exit', removeBuild);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(0));

await build({ configFile, mode: 'development', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await preview({
  configFile,
  mode: 'development',
  build: { outDir },
  preview: { port: Number(values.port), strictPort: true },
});
server.printUrls();
