import { isLogoutRequest, useLatchkeyClient } from '@latchkey/hooks';
import { forwardRef, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../components/Spinner';
import { Watermark } from '../../components/Watermark';
import { MessagesProvider, type Strings } from '../../messages/index';
import { createPart, type PartProps } from '../../primitives/createPart';
import { type IdpScreenOptions, IdpScreenOptionsProvider, pageSearch } from './idpScreenOptions';
import type { IdentityProviderStrings } from './messages';

// IDPConsent is a chunk of its own (products/idp/chunk.ts): a sign-in page never downloads it, and an
// identity-provider page downloads it right after this first render.
// Once loaded (preloadIdentityProvider, or a first render), the screens render at once, with no Suspense: a server
// that awaited preloadIdentityProvider() renders the screen itself, which the browser then hydrates.
let loadedChunk: typeof import('./chunk') | undefined;
const loadIdentityProviderChunk = () =>
  import('./chunk').then((chunk) => {
    loadedChunk = chunk;
    return chunk;
  });
const ConsentFlow = lazy(async () => ({ default: (await loadIdentityProviderChunk()).IDPConsentScreen }));
const LogoutFlow = lazy(async () => ({ default: (await loadIdentityProviderChunk()).IDPLogoutScreen }));

/**
 * Downloads the identity-provider chunk ahead of time (the widget works the same without it). Await it before a
 * server render, and before hydrating, so the screen is in the server's HTML rather than a spinner.
 */
export async function preloadIdentityProvider(): Promise<void> {
  await loadIdentityProviderChunk();
}

const IdentityProviderRoot = createPart('identity-provider', 'root', 'div');

/** Props of `IdentityProvider`. */
export interface IdentityProviderProps extends Omit<PartProps<'div'>, 'children'>, IdpScreenOptions {
  /** Replacement texts by message id (`idpConsent.*`, `idpScope.*`, `idpLogout.*`, `idpError.*`…); text, never HTML. */
  strings?: IdentityProviderStrings;
  /**
   * Which flow the page runs: `'authorize'` (the consent screen) or `'logout'` (the logout confirmation). Default:
   * read from the query, `'logout'` when it has `post_logout_redirect_uri`. Set it on the logout page (the discovery
   * document's `end_session_endpoint`): an RP-initiated logout may carry only `id_token_hint` (and `state`), which
   * the query alone cannot tell from an authorize request.
   */
  flow?: 'authorize' | 'logout';
}

/**
 * The identity-provider mount point (IDPConsent): reads the page's query string (`search`, default
 * `window.location.search`, once) and shows the logout confirmation when it has `post_logout_redirect_uri` (or
 * `flow="logout"`), else the consent screen of the authorize flow, with the `signIn` form when that flow needs a
 * sign-in. Render it inside `<LatchkeyProvider client>` on the pages your discovery
 * document names (`authorization_endpoint`, `end_session_endpoint`). Root element: `data-scope="identity-provider"
 * data-part="root"` with `data-flow="authorize|logout"`; the screens come in their own chunk. Logs
 * 'render_idp_screen' (with the bootstrap) once per mount.
 */
export const IdentityProvider = forwardRef<HTMLDivElement, IdentityProviderProps>(function IdentityProvider(
  { strings, search, navigate, isFramed, callbacks, getManifest, logoImageUrl, signIn, flow, ...props },
  ref,
) {
  const client = useLatchkeyClient();
  const [query] = useState(() => pageSearch(search));
  const isLogout = flow === undefined ? isLogoutRequest(query) : flow === 'logout';
  const options = useMemo<IdpScreenOptions>(
    () => ({ search: query, navigate, isFramed, callbacks, getManifest, logoImageUrl, signIn }),
    [query, navigate, isFramed, callbacks, getManifest, logoImageUrl, signIn],
  );

  // The identity-provider screen logs 'render_idp_screen' (bootstrap), once per mount.
  const hasLogged = useRef(false);
  useEffect(() => {
    if (hasLogged.current) return;
    hasLogged.current = true;
    client.events.log('render_idp_screen', { bootstrap: client.bootstrap.getSync() });
  }, [client]);

  const Flow = isLogout ? (loadedChunk?.IDPLogoutScreen ?? LogoutFlow) : (loadedChunk?.IDPConsentScreen ?? ConsentFlow);
  return (
    <MessagesProvider strings={strings as Strings | undefined}>
      <IdpScreenOptionsProvider value={options}>
        <IdentityProviderRoot data-flow={isLogout ? 'logout' : 'authorize'} {...props} ref={ref}>
          <Suspense fallback={<Spinner />}>
            <Flow />
          </Suspense>
          <Watermark />
        </IdentityProviderRoot>
      </IdpScreenOptionsProvider>
    </MessagesProvider>
  );
});
