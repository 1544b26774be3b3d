// The browser side of /hydration: the page's client, the same forms preloaded, then hydrateRoot over the server's
// HTML. `window.latchkeyHydrated` tells the test hydration has run.
import { createClient } from '@latchkey/sdk';
import { preloadSignIn } from '@latchkey/ui-default';
import '@latchkey/ui-default/styles.css';
import { hydrateRoot } from 'react-dom/client';
import { API_BASE_URL, CONFIG, PUBLIC_TOKEN, SignInPage } from './SignInPage';

const client = createClient(PUBLIC_TOKEN, { apiBaseUrl: API_BASE_URL });
const root = document.getElementById('root');
if (!root) throw new Error('/hydration has no #root element');
await preloadSignIn(CONFIG);
hydrateRoot(root, <SignInPage client={client} />);
(window as Window & { latchkeyHydrated?: boolean }).latchkeyHydrated = true;
