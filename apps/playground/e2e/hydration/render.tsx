// The server side of /hydration (playgroundServer.ts, hydrationPage): loaded by Vite's ssrLoadModule, in Node.
import { createClient } from '@latchkey/sdk';
import { renderToString } from 'react-dom/server';
import { API_BASE_URL, CONFIG, KITS, type Kit, PUBLIC_TOKEN, SignInPage } from './SignInPage';

/** The sign-in as HTML. The forms are preloaded first, so renderToString (no Suspense) renders the email field. */
export async function renderSignIn(kit: Kit): Promise<string> {
  await KITS[kit].preload(CONFIG);
  // createClient needs a browser unless the environment is injected: a fetch that never answers sends nothing.
  const client = createClient(PUBLIC_TOKEN, {
    apiBaseUrl: API_BASE_URL,
    environment: { fetch: () => new Promise<Response>(() => {}), logger: { warn() {}, error: console.error } },
  });
  try {
    return renderToString(<SignInPage client={client} kit={kit} />);
  } finally {
    client.destroy();
  }
}
