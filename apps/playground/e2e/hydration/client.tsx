// The browser side of /hydration: the page's client, the same widget's code preloaded, then hydrateRoot over the
// server's HTML. `window.latchkeyHydrated` tells the test hydration has run.
import { createClient } from '@latchkey/sdk';
import '@latchkey/ui-default/styles.css';
import { hydrateRoot } from 'react-dom/client';
import { API_BASE_URL, PUBLIC_TOKEN, pageOf, preloadWidget, WidgetPage } from './WidgetPage';

const { kit, widget } = pageOf(window.location.search);
const client = createClient(PUBLIC_TOKEN, { apiBaseUrl: API_BASE_URL });
const root = document.getElementById('root');
if (!root) throw new Error('/hydration has no #root element');
await preloadWidget(kit, widget);
hydrateRoot(root, <WidgetPage client={client} kit={kit} widget={widget} />);
(window as Window & { latchkeyHydrated?: boolean }).latchkeyHydrated = true;
