import '@latchkey/ui-default/styles.css';
import '@latchkey/ui-default/identity-provider.css';
import { IdentityProvider } from '@latchkey/ui-default';
import { CallbackLog, useCallbackLog } from '../callbackLog';
import { DEMO_APP_URL } from '../client';
import { useLocation } from '../router';

/**
 * `/oauth/logout`: the identity provider's logout page (`project.idp.logoutUrl`, the discovery document's
 * `end_session_endpoint`). An application sends its user here with `client_id` or `id_token_hint` (which names the
 * client), and optionally `post_logout_redirect_uri` and `state`; the default kit's `IdentityProvider` asks 'Log
 * out?' (or, with an ID token of the signed-in user, logs out at once), ends the Latchkey session and returns to the
 * application, or, without a post-logout URI, says 'You have been logged out. You may close this page.'
 */
export default function OAuthLogoutPage() {
  const { search } = useLocation();
  const { log, callbacks } = useCallbackLog();
  return (
    <section aria-labelledby="logout-title" className="pg-page">
      <h1 id="logout-title">Log out</h1>
      <p className="pg-note">
        The identity provider's logout page: applications (such as the <a href={DEMO_APP_URL}>demo app</a>) send their
        users here to end their session with this project.
      </p>
      <div className="pg-widget">
        {/* flow="logout": a logout request may carry only id_token_hint (no post_logout_redirect_uri). */}
        <IdentityProvider flow="logout" search={search} callbacks={callbacks} />
        <CallbackLog log={log} />
      </div>
    </section>
  );
}
