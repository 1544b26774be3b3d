import '@latchkey/ui-default/styles.css';
import { useAuthenticateByUrl, useSession } from '@latchkey/hooks';
import { ResetPassword } from '@latchkey/ui-default';
import { useMemo } from 'react';
import { userLabel } from '../Header';
import { DEFAULT_SETTINGS, signInConfig } from '../kitConfig';
import { Link } from '../router';

const TOKEN_TYPE_NAMES: Record<string, string> = {
  magic_links: 'a magic link',
  login: "a 'log in without a password' link",
  reset_password: 'a password reset link',
  oauth: 'social sign-in',
};

/**
 * `/authenticate`: where emailed links and social sign-in's redirects land (the provider's redirect-URL allowlist
 * names this path). Magic links, the reset email's 'log in without a password' link and social sign-in's
 * `stytch_token_type=oauth` token are exchanged for a session by `useAuthenticateByUrl`; a password-reset link
 * shows the kit's reset-password screen.
 */
export default function AuthenticatePage() {
  const result = useAuthenticateByUrl({ sessionDurationMinutes: 60 });
  const { hasSession, user } = useSession();
  const config = useMemo(() => signInConfig({ ...DEFAULT_SETTINGS, products: ['emailMagicLinks', 'passwords'] }), []);
  const kind = result.tokenType ? (TOKEN_TYPE_NAMES[result.tokenType] ?? result.tokenType) : 'a link';
  const isSocial = result.tokenType === 'oauth';

  return (
    <section aria-labelledby="authenticate-title" className="pg-page">
      <h1 id="authenticate-title">Authenticate</h1>
      {result.status === 'none' && (
        <p data-testid="authenticate-result">
          Nothing to authenticate: this is where the links in the <Link href="/inbox">development inbox</Link> and the
          redirects back from social sign-in land (<code>?stytch_token_type=…&amp;token=…</code>).
        </p>
      )}
      {result.status === 'authenticating' && (
        <p role="status" aria-busy="true" data-testid="authenticate-result">
          Logging in...
        </p>
      )}
      {result.status === 'success' && (
        <p role="status" data-testid="authenticate-result">
          Signed in with {kind}
          {hasSession ? ` as ${userLabel(user)}` : ''}. See the <Link href="/session">session</Link>.
        </p>
      )}
      {result.status === 'error' && (
        <div role="alert" data-testid="authenticate-result">
          <p className="pg-error">{result.error?.message}</p>
          <p>
            {isSocial ? (
              <>
                Try again from the <Link href="/?products=emailMagicLinks,oauth">sign-in page</Link>.
              </>
            ) : (
              <>
                Request a new link from the <Link href="/">sign-in page</Link>.
              </>
            )}
          </p>
        </div>
      )}
      {result.status === 'reset_password' && result.token && (
        <div className="pg-widget">
          <ResetPassword passwordResetToken={result.token} config={config} />
          {hasSession && (
            <p role="status" data-testid="authenticate-result">
              Signed in as {userLabel(user)}. See the <Link href="/session">session</Link>.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
