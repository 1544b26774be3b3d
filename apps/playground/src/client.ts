import { createClient, type LatchkeyClient } from '@latchkey/sdk';

/** The provider's default project (apps/provider: `project.publicToken`). */
export const PUBLIC_TOKEN = 'public-token-test-latchkey-playground';

/** Where the reference provider runs; `VITE_LATCHKEY_API_URL` points the playground at another one. */
export const API_BASE_URL: string = import.meta.env.VITE_LATCHKEY_API_URL || 'http://localhost:8787';

/**
 * The demo relying party (apps/playground/relying-party), an application that signs in with this project as its
 * OpenID Connect provider; `npm start` runs it and sets `VITE_LATCHKEY_DEMO_URL` when it is not on port 5174.
 */
export const DEMO_APP_URL: string = import.meta.env.VITE_LATCHKEY_DEMO_URL || 'http://localhost:5174';

/** The development inbox of that provider (development mode only). */
export const INBOX_URL = new URL('/dev/inbox', API_BASE_URL).toString();

/**
 * The page's one client (sdk README: one client per page). Created in this module, which only the browser
 * loads, so the SDK's server-environment check never fires.
 */
export const client: LatchkeyClient = createClient(PUBLIC_TOKEN, { apiBaseUrl: API_BASE_URL });
