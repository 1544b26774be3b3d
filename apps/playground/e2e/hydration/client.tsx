// The browser side of /hydration: the page's client, the same widgets' code preloaded, then hydrateRoot over the
// server's HTML. `window.latchkeyHydrated` tells the test hydration has run.
import '@latchkey/ui-default/styles.css';
import { hydrateRoot } from 'react-dom/client';
import { pageClient, pageOf, preloadPage, WidgetPage } from './WidgetPage';

const page = pageOf(window.location.search);
const client = pageClient(page);
const root = document.getElementById('root');
if (!root) throw new Error('/hydration has no #root element');
await preloadPage(page);
hydrateRoot(root, <WidgetPage client={client} page={page} />);
(window as Window & { latchkeyHydrated?: boolean }).latchkeyHydrated = true;
