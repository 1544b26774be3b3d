import '@latchkey/ui-default/styles.css';
import { OAUTH_PROVIDER_NAMES, useAuthenticateByUrl, useSession } from '@latchkey/hooks';
import { ResetPassword, SignIn } from '@latchkey/ui-default';
import { accountResetMessages, accountResetText, useMessages } from '@latchkey/ui-unstyled';
import { useMemo, useState } from 'react';
import { userLabel } from '../Header';
import { DEFAULT_SETTINGS, signInConfig } from '../kitConfig';
import { Link } from '../router';

const TOKEN_TYPE_NAMES: Record<string, string> = {
  magic_links: 'a magic link',
  login: "a 'log in without a password' link",
  reset_password: 'a password reset link',
  oauth: 'social sign-in',
};

/** The query parameter /session's 'Link {provider}' adds to this page's URL: which provider is being linked. */
const LINKED_PARAM = 'linked';

function linkedName(type: string | null): string {
  return type !== null && Object.hasOwn(OAUTH_PROVIDER_NAMES, type)
    ? OAUTH_PROVIDER_NAMES[type as keyof typeof OAUTH_PROVIDER_NAMES]
    : (type ?? '');
}

/**
 * `/authenticate`: where emailed links and social sign-in's redirects land (the provider's redirect-URL allowlist
 * names this path). Magic links, the reset email's 'log in without a password' link and social sign-in's
 * `stytch_token_type=oauth` token are exchanged for a session by `useAuthenticateByUrl`; a password-reset link
 * shows the kit's reset-password screen. Back from /session's 'Link {provider}' (`?linked=<provider>`), it says
 * the provider was linked. A social sign-in that failed (the user cancelled at the provider, say) shows the
 * provider's sentence and the sign-in widget again, so the user can pick another way at once.
 */
export default function AuthenticatePage() {
  const result = useAuthenticateByUrl({ sessionDurationMinutes: 60 });
  const t = useMessages(accountResetMessages);
  const { hasSession, user } = useSession();
  const config = useMemo(() => signInConfig({ ...DEFAULT_SETTINGS, products: ['emailMagicLinks', 'passwords'] }), []);
  const kind = result.tokenType ? (TOKEN_TYPE_NAMES[result.tokenType] ?? result.tokenType) : 'a link';
  const isSocial = result.tokenType === 'oauth';
  // Read once: the SDK clears the token from the address bar, not this parameter, but the page must not depend on it.
  const [linked] = useState(() => new URLSearchParams(window.location.search).get(LINKED_PARAM));
  const isLinking = isSocial && linked !== null;
  const socialConfig = useMemo(
    () => signInConfig({ ...DEFAULT_SETTINGS, products: ['emailMagicLinks', 'oauth'], oneTap: 'off' }),
    [],
  );

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
      {result.status === 'success' && isLinking && (
        <p role="status" data-testid="authenticate-result">
          {linkedName(linked)} was linked to your account. See it on the <Link href="/session">session</Link> page.
        </p>
      )}
      {result.status === 'success' && !isLinking && (
        <p role="status" data-testid="authenticate-result">
          Signed in with {kind}
          {hasSession ? ` as ${userLabel(user)}` : ''}. See the <Link href="/session">session</Link>.
        </p>
      )}
      {result.status === 'success' && result.accountReset !== null && (
        // The link or the social provider proved an address someone else had signed up with: say what went.
        <p role="status" data-testid="account-reset">
          {accountResetText(t, result.accountReset)}
        </p>
      )}
      {result.status === 'error' && (
        <div role="alert" data-testid="authenticate-result">
          <p className="pg-error">{result.error?.message}</p>
          <p>
            {isLinking ? (
              <>
                Back to the <Link href="/session">session</Link> page.
              </>
            ) : isSocial ? (
              <>
                Try again below, or from the <Link href="/?products=emailMagicLinks,oauth">sign-in page</Link>.
              </>
            ) : (
              <>
                Request a new link from the <Link href="/">sign-in page</Link>.
              </>
            )}
          </p>
        </div>
      )}
      {result.status === 'error' && isSocial && !isLinking && !hasSession && (
        <div className="pg-widget">
          <SignIn config={socialConfig} />
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
