'use client';
// One Latchkey client per page, as the SDK asks, given to the components by `<LatchkeyClientProvider>` (the root
// layout). `createClient` works on the server too: there it gives an inert client for the render (no request, no
// storage, no timer), made for each request with the session the server read from the cookie (`initialSession`),
// so the server's HTML already shows the visitor signed in or not. In the browser the page's one client is made
// on the first render, with the same `initialSession`, so hydration sees what the server rendered; client-side
// navigations keep the module, so every page shares it.
import { LatchkeyProvider } from '@latchkey/hooks';
import { createClient, type InitialSession, type LatchkeyClient } from '@latchkey/sdk';
import { type ReactNode, useState } from 'react';
import { API_URL, PUBLIC_TOKEN } from './config';

export { useLatchkeyClient } from '@latchkey/hooks';

let browserClient: LatchkeyClient | undefined;

function clientFor(initialSession: InitialSession | null): LatchkeyClient {
  const options = { apiBaseUrl: API_URL, initialSession };
  // On the server: a client per request (never shared between visitors).
  if (typeof window === 'undefined') return createClient(PUBLIC_TOKEN, options);
  browserClient ??= createClient(PUBLIC_TOKEN, options);
  return browserClient;
}

/** `<LatchkeyProvider>` with the page's client; `initialSession`: the session the server verified, or null. */
export function LatchkeyClientProvider({
  initialSession,
  children,
}: {
  initialSession: InitialSession | null;
  children: ReactNode;
}) {
  const [client] = useState(() => clientFor(initialSession));
  return <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
}
