// The server side of /hydration (playgroundServer.ts, hydrationPage): loaded by Vite's ssrLoadModule, in Node.
import { createClient } from '@latchkey/sdk';
import { preloadSignIn } from '@latchkey/ui-default';
import { renderToString } from 'react-dom/server';
import { API_BASE_URL, CONFIG, PUBLIC_TOKEN, SignInPage } from './SignInPage';

/** The sign-in as HTML. The forms are preloaded first, so renderToString (no Suspense) renders the email field. */
export async function renderSignIn(): Promise<string> {
  await preloadSignIn(CONFIG);
  // createClient needs a browser unless the environment is injected: a fetch that never answers sends nothing.
  const client = createClient(PUBLIC_TOKEN, {
    apiBaseUrl: API_BASE_URL,
    environment: { fetch: () => new Promise<Response>(() => {}), logger: { warn() {}, error: console.error } },
  });
  try {
    return renderToString(<SignInPage client={client} />);
  } finally {
    client.destroy();
  }
}
