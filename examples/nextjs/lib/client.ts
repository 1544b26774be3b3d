// The browser side: one Latchkey client per page, as the SDK asks. `createClient` must run in the browser (on the
// server it throws), and Next.js also renders client components on the server, so the client is made on first
// use in the browser and components read it through `useLatchkeyClient`, which is null on the server and during
// hydration. Client-side navigations keep the module, so every page shares the one client.
import { createClient, type LatchkeyClient } from '@latchkey/sdk';
import { useSyncExternalStore } from 'react';
import { API_URL, PUBLIC_TOKEN } from './config';

let client: LatchkeyClient | undefined;

/** The page's client, created on first call. Call it only in the browser (an effect, an event handler). */
export function getLatchkeyClient(): LatchkeyClient {
  client ??= createClient(PUBLIC_TOKEN, { apiBaseUrl: API_URL });
  return client;
}

const noChanges = () => () => {};

/**
 * The page's client in a component: null on the server and while hydrating (so the server's HTML and the first
 * browser render agree), the client right after.
 */
export function useLatchkeyClient(): LatchkeyClient | null {
  return useSyncExternalStore(noChanges, getLatchkeyClient, () => null);
}
