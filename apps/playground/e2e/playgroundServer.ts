// A second playground dev server, beside the one `npm start` runs on 5173, for the browser tests that need the
// playground another way: on React 18 (react18.e2e.ts) or with a server-rendered page (hydration.e2e.ts). Its
// origin (localhost:5174 or 5175) is allowed by e2e/latchkey.config.json.
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin, type ViteDevServer } from 'vite';

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
      plugins: options.plugins ?? [],
      // The server-rendered page loads the packages from their TypeScript, as the browser does.
      ssr: { resolve: { conditions: ['latchkey-source', 'module', 'node', 'development|production'] } },
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

/**
 * Adds the page `/hydration`: a widget of the default kit (`?kit=unstyled`: the unstyled kit; `?widget=`: SignIn,
 * ResetPassword, PasskeyRegistration, TotpEnrollment or IdentityProvider, default SignIn) rendered with react-dom/server's
 * renderToString (e2e/hydration/render.tsx), which e2e/hydration/client.tsx hydrates with hydrateRoot.
 */
export function hydrationPage(): Plugin {
  return {
    name: 'latchkey-e2e-hydration-page',
    configureServer(server) {
      server.middlewares.use('/hydration', async (request, response, next) => {
        try {
          const [{ renderWidget }, { pageOf }] = (await Promise.all([
            server.ssrLoadModule('/e2e/hydration/render.tsx'),
            server.ssrLoadModule('/e2e/hydration/WidgetPage.tsx'),
          ])) as [typeof import('./hydration/render'), typeof import('./hydration/WidgetPage')];
          const { kit, widget } = pageOf(new URL(request.originalUrl ?? '/', 'http://localhost').search);
          const html = await renderWidget(kit, widget);
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
