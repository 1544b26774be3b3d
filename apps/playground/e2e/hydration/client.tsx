// The browser side of /hydration: the page's client, the same forms preloaded, then hydrateRoot over the server's
// HTML. `window.latchkeyHydrated` tells the test hydration has run.
import { createClient } from '@latchkey/sdk';
import '@latchkey/ui-default/styles.css';
import { hydrateRoot } from 'react-dom/client';
import { API_BASE_URL, CONFIG, KITS, kitOf, PUBLIC_TOKEN, SignInPage } from './SignInPage';

const kit = kitOf(window.location.search);
const client = createClient(PUBLIC_TOKEN, { apiBaseUrl: API_BASE_URL });
const root = document.getElementById('root');
if (!root) throw new Error('/hydration has no #root element');
await KITS[kit].preload(CONFIG);
hydrateRoot(root, <SignInPage client={client} kit={kit} />);
(window as Window & { latchkeyHydrated?: boolean }).latchkeyHydrated = true;
