// The server side of /hydration (playgroundServer.ts, hydrationPage): loaded by Vite's ssrLoadModule, in Node.
import { createClient } from '@latchkey/sdk';
import { renderToString } from 'react-dom/server';
import { API_BASE_URL, type Kit, PUBLIC_TOKEN, preloadWidget, type Widget, WidgetPage } from './WidgetPage';

/**
 * The widget as HTML. Its code is preloaded first, so renderToString (no Suspense) renders its first screen. The
 * client is the SDK's server client (createClient with no window): it sends nothing and has no session yet.
 */
export async function renderWidget(kit: Kit, widget: Widget): Promise<string> {
  await preloadWidget(kit, widget);
  const client = createClient(PUBLIC_TOKEN, { apiBaseUrl: API_BASE_URL });
  return renderToString(<WidgetPage client={client} kit={kit} widget={widget} />);
}
