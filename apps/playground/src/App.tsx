import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { Header } from './Header';
import { useLocation } from './router';

// Each page is its own chunk, so the unstyled page never loads the default kit's stylesheet and the other way
// round (both style the same data-* parts).
const DefaultKitPage = lazy(() => import('./pages/DefaultKitPage'));
const UnstyledKitPage = lazy(() => import('./pages/UnstyledKitPage'));
const HooksPage = lazy(() => import('./pages/HooksPage'));
const AuthenticatePage = lazy(() => import('./pages/AuthenticatePage'));
const SessionPage = lazy(() => import('./pages/SessionPage'));
const SecurityPage = lazy(() => import('./pages/SecurityPage'));
const InboxPage = lazy(() => import('./pages/InboxPage'));
const OAuthAuthorizePage = lazy(() => import('./pages/OAuthAuthorizePage'));
const OAuthLogoutPage = lazy(() => import('./pages/OAuthLogoutPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

/** The playground's pages: path → component and document title. */
export const ROUTES: Record<string, { title: string; component: ComponentType }> = {
  '/': { title: 'Default kit', component: DefaultKitPage },
  '/unstyled': { title: 'Unstyled kit', component: UnstyledKitPage },
  '/hooks': { title: 'Hooks only', component: HooksPage },
  '/authenticate': { title: 'Authenticate', component: AuthenticatePage },
  '/session': { title: 'Session', component: SessionPage },
  '/security': { title: 'Security', component: SecurityPage },
  '/inbox': { title: 'Development inbox', component: InboxPage },
  // The identity provider's pages (project.idp.authorizationUrl and logoutUrl): applications send users here.
  '/oauth/authorize': { title: 'Authorize', component: OAuthAuthorizePage },
  '/oauth/logout': { title: 'Log out', component: OAuthLogoutPage },
};

/** The shell: the header (navigation and session status) and the current page. */
export function App() {
  const { pathname } = useLocation();
  const route = ROUTES[pathname.replace(/(.)\/$/, '$1')];
  const Page = route?.component ?? NotFoundPage;
  const title = route?.title ?? 'Not found';

  useEffect(() => {
    document.title = `${title} · Latchkey playground`;
  }, [title]);

  return (
    <>
      <Header />
      <main className="pg-main">
        <Suspense fallback={<p aria-busy="true">Loading…</p>}>
          <Page />
        </Suspense>
      </main>
    </>
  );
}
