import '@latchkey/ui-default/styles.css';
import '@latchkey/ui-default/identity-provider.css';
import { IdentityProvider, SignIn } from '@latchkey/ui-default';
import { useMemo } from 'react';
import { CallbackLog, useCallbackLog } from '../callbackLog';
import { DEMO_APP_URL } from '../client';
import { DEFAULT_SETTINGS, signInConfig } from '../kitConfig';
import { useLocation } from '../router';

/**
 * `/oauth/authorize`: the identity provider's authorization page (`project.idp.authorizationUrl`, the discovery
 * document's `authorization_endpoint`). An application sends its user here with `client_id`, `redirect_uri`,
 * `scope`, `state`, `nonce` and a PKCE challenge (and perhaps `prompt`, `max_age`, `id_token_hint`); the default
 * kit's `IdentityProvider` asks the provider about the request first, signed in or not. An error the provider
 * returns to the application (`invalid_scope`, `login_required` for `prompt=none`…) sends the browser back at once.
 * When a sign-in is needed (nobody signed in, or the application asked for a fresh one) the widget shows why and
 * the sign-in form below, on this page, so the query string stays and the consent screen follows the sign-in.
 */
export default function OAuthAuthorizePage() {
  const { search } = useLocation();
  const { log, callbacks } = useCallbackLog();
  // Passcodes by email or text: they finish on this page (an emailed link would land on /authenticate, and a
  // password's reset or breach screens lead elsewhere). Any user can sign in with one, whatever they signed up with.
  const config = useMemo(() => signInConfig({ ...DEFAULT_SETTINGS, products: ['otp'], methods: ['email', 'sms'] }), []);
  const signIn = useMemo(() => <SignIn config={config} callbacks={callbacks} />, [config, callbacks]);

  return (
    <section aria-labelledby="authorize-title" className="pg-page">
      <h1 id="authorize-title">Authorize</h1>
      <p className="pg-note">
        The identity provider's authorization page: applications (such as the <a href={DEMO_APP_URL}>demo app</a>) send
        their users here to sign in with this project.
      </p>
      <div className="pg-widget">
        {/* Mounted once for the page: the flow itself starts again after a sign-in (its state is kept meanwhile). */}
        <IdentityProvider search={search} callbacks={callbacks} signIn={signIn} />
        <CallbackLog log={log} />
      </div>
    </section>
  );
}
