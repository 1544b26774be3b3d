// The server side of /hydration (playgroundServer.ts, hydrationPage): loaded by Vite's ssrLoadModule, in Node.
import { renderToString } from 'react-dom/server';
import { type PageOptions, pageClient, preloadPage, WidgetPage } from './WidgetPage';

/**
 * The page's widgets as HTML. Their code is preloaded first, so renderToString (no Suspense) renders their first
 * screen. The client is the SDK's server client (createClient with no window): it sends nothing, and has no
 * session but the page's made-up one (`session=signed-in`).
 */
export async function renderPage(page: PageOptions): Promise<string> {
  await preloadPage(page);
  return renderToString(<WidgetPage client={pageClient(page)} page={page} />);
}
