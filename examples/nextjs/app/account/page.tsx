import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { currentSession, sessionEmail } from '../../lib/session';
import { SignOutButton } from './SignOutButton';

export const metadata: Metadata = { title: 'Account · Latchkey with Next.js' };

/**
 * A server component: it verifies the session JWT cookie itself (`verifySession` through `sessionFromCookies`, on
 * the request's headers, so a duplicated session cookie is refused) and renders only for a valid session. The
 * proxy redirects signed-out visitors before they get here; this check is the one that counts, since a page must
 * never rely on the proxy alone.
 */
export default async function AccountPage() {
  const session = await currentSession(await headers());
  if (!session) redirect('/sign-in?next=/account');

  const email = sessionEmail(session);
  return (
    <section className="account" aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      <p data-testid="account-greeting">{email ? `Signed in as ${email}.` : 'Signed in.'}</p>
      <dl>
        <dt>User</dt>
        <dd data-testid="account-user-id">{session.userId}</dd>
        <dt>Email</dt>
        <dd data-testid="account-email">{email ?? '—'}</dd>
        <dt>Session</dt>
        <dd data-testid="account-session-id">{session.sessionId}</dd>
        <dt>Signed in</dt>
        <dd>{session.session.started_at}</dd>
        <dt>Session ends</dt>
        <dd>{session.session.expires_at}</dd>
      </dl>
      <SignOutButton />
    </section>
  );
}
