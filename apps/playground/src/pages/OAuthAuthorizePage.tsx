import '@latchkey/ui-default/styles.css';
import '@latchkey/ui-default/identity-provider.css';
import { NO_ACTIVE_SESSION_MESSAGE, useSession } from '@latchkey/hooks';
import { IdentityProvider, SignIn } from '@latchkey/ui-default';
import { useMemo } from 'react';
import { CallbackLog, useCallbackLog } from '../callbackLog';
import { DEMO_APP_URL } from '../client';
import { DEFAULT_SETTINGS, signInConfig } from '../kitConfig';
import { useLocation } from '../router';

/**
 * `/oauth/authorize`: the identity provider's authorization page (`project.idp.authorizationUrl`, the discovery
 * document's `authorization_endpoint`). An application sends its user here with `client_id`, `redirect_uri`,
 * `scope`, `state`, `nonce` and a PKCE challenge; the default kit's `IdentityProvider` shows the consent screen, or
 * goes straight back to the application when no consent is needed. Nobody signed in: the sign-in widget comes
 * first, on this page, so the query string stays and the consent screen follows the sign-in.
 */
export default function OAuthAuthorizePage() {
  const { search } = useLocation();
  const { session, hasSession } = useSession();
  const { log, callbacks } = useCallbackLog();
  // Passcodes by email or text: they finish on this page (an emailed link would land on /authenticate, and a
  // password's reset or breach screens lead elsewhere). Any user can sign in with one, whatever they signed up with.
  const config = useMemo(() => signInConfig({ ...DEFAULT_SETTINGS, products: ['otp'], methods: ['email', 'sms'] }), []);

  return (
    <section aria-labelledby="authorize-title" className="pg-page">
      <h1 id="authorize-title">Authorize</h1>
      <p className="pg-note">
        The identity provider's authorization page: applications (such as the <a href={DEMO_APP_URL}>demo app</a>) send
        their users here to sign in with this project.
      </p>
      <div className="pg-widget">
        {hasSession && session ? (
          // A new user (another sign-in in this tab) starts the flow afresh.
          <IdentityProvider key={session.user_id} search={search} callbacks={callbacks} />
        ) : (
          <>
            <p role="status" data-testid="authorize-sign-in-first">
              {NO_ACTIVE_SESSION_MESSAGE}
            </p>
            <SignIn config={config} callbacks={callbacks} />
          </>
        )}
        <CallbackLog log={log} />
      </div>
    </section>
  );
}
