// A second playground dev server, beside the one `npm start` runs on 5173, for the browser tests that need the
// playground another way: on React 18 (react18.e2e.ts) and/or with a server-rendered page (hydration.e2e.ts). Its
// origin (localhost:5174 or 5175) is allowed by e2e/latchkey.config.json.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { REACT_18_DIRECTORY, REACT_DEPENDENCIES } from '../../../packages/testing/src/react18';

/**
 * Starts the playground's Vite server on `port`: on React 18 with `react18` (vite.config.ts, LATCHKEY_REACT), and
 * talking to the provider at `apiUrl` instead of `npm start`'s (src/client.ts, VITE_LATCHKEY_API_URL).
 */
export async function startPlayground(
  port: number,
  options: { react18?: boolean; plugins?: Plugin[]; apiUrl?: string } = {},
): Promise<ViteDevServer> {
  const previous = process.env.LATCHKEY_REACT;
  const previousApiUrl = process.env.VITE_LATCHKEY_API_URL;
  // vite.config.ts reads it while createServer loads the file; Vite reads VITE_* variables then too.
  if (options.react18) process.env.LATCHKEY_REACT = '18';
  else delete process.env.LATCHKEY_REACT;
  if (options.apiUrl) process.env.VITE_LATCHKEY_API_URL = options.apiUrl;
  try {
    const server = await createServer({
      configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
      server: { port, strictPort: true },
      plugins: [...(options.react18 ? [react18OnTheServer()] : []), ...(options.plugins ?? [])],
      // The server-rendered page loads the packages from their TypeScript, as the browser does.
      ssr: {
        resolve: { conditions: ['latchkey-source', 'module', 'node', 'development|production'] },
        // On React 18 the dependencies that import React are bundled too, so the aliases reach their imports (Node
        // would resolve the root's React 19 for them).
        ...(options.react18 ? { noExternal: REACT_DEPENDENCIES } : {}),
      },
      logLevel: 'warn',
    });
    await server.listen();
    return server;
  } finally {
    if (previous === undefined) delete process.env.LATCHKEY_REACT;
    else process.env.LATCHKEY_REACT = previous;
    if (previousApiUrl === undefined) delete process.env.VITE_LATCHKEY_API_URL;
    else process.env.VITE_LATCHKEY_API_URL = previousApiUrl;
  }
}

/** The directory of React 18's packages (scripts/react18/node_modules/). */
const REACT_18_MODULES = REACT_18_DIRECTORY.react.slice(0, -'react'.length);

/**
 * React 18 on the server side of a React 18 server: the aliases (vite.config.ts) send `react`, `react-dom/server`…
 * to React 18's CommonJS files, which Vite's server runtime would evaluate as ES modules. Each is loaded with Node's
 * `require` instead, behind an ES module re-exporting its exports: react-dom 18 then requires its sibling react 18,
 * the very copy the widgets' `react` imports get.
 */
function react18OnTheServer(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'latchkey-e2e-react18-on-the-server',
    enforce: 'pre',
    load(id, options) {
      const file = id.split('?')[0] ?? id;
      if (!options?.ssr || !file.startsWith(REACT_18_MODULES)) return null;
      const names = Object.keys(require(file) as object).filter(
        (name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name),
      );
      return [
        "import { createRequire } from 'node:module';",
        `const exports = createRequire(${JSON.stringify(file)})(${JSON.stringify(file)});`,
        'export default exports;',
        ...names.map((name) => `export const ${name} = exports.${name};`),
      ].join('\n');
    },
  };
}

/**
 * Adds the page `/hydration`: a widget of both kits side by side (`?kit=default` or `?kit=unstyled`: one kit's;
 * `?widget=`: SignIn, ResetPassword, PasskeyRegistration, TotpEnrollment or IdentityProvider, default SignIn;
 * `&session=signed-in`: for a signed-in visitor) rendered with react-dom/server's renderToString
 * (e2e/hydration/render.tsx), which e2e/hydration/client.tsx hydrates with hydrateRoot. On a React 18 server
 * (`react18`) both sides are React 18.
 */
export function hydrationPage(): Plugin {
  return {
    name: 'latchkey-e2e-hydration-page',
    configureServer(server) {
      server.middlewares.use('/hydration', async (request, response, next) => {
        try {
          const [{ renderPage }, { pageOf }] = (await Promise.all([
            server.ssrLoadModule('/e2e/hydration/render.tsx'),
            server.ssrLoadModule('/e2e/hydration/WidgetPage.tsx'),
          ])) as [typeof import('./hydration/render'), typeof import('./hydration/WidgetPage')];
          const html = await renderPage(pageOf(new URL(request.originalUrl ?? '/', 'http://localhost').search));
          const page = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Hydration</title><link rel="icon" href="data:," /></head><body><div id="root">${html}</div><script type="module" src="/e2e/hydration/client.tsx"></script></body></html>`;
          response.setHeader('content-type', 'text/html');
          response.end(await server.transformIndexHtml(request.originalUrl ?? '/hydration', page));
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
