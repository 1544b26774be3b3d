import { OAUTH_PROVIDER_NAMES, useConnectedApps, useSession } from '@latchkey/hooks';
import type { AuthenticationFactor, OAuthProvider, UserProvider } from '@latchkey/sdk';
import { useEffect, useId, useRef, useState } from 'react';
import { client, DEMO_APP_URL } from '../client';
import { ALL_SOCIAL_PROVIDERS } from '../kitConfig';
import { Link } from '../router';

/** A provider's display name ('GitHub'), or its type as the provider gave it. */
export function providerName(type: string): string {
  return Object.hasOwn(OAUTH_PROVIDER_NAMES, type) ? OAUTH_PROVIDER_NAMES[type as OAuthProvider] : type;
}

function errorText(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

function formatTime(iso: string | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toLocaleString()} (${iso})`;
}

/** One factor in words: 'otp by sms (+15005550006)', 'password (ada@example.com)'. */
export function describeFactor(factor: AuthenticationFactor): string {
  const subject =
    factor.email_factor?.email_address ??
    factor.phone_number_factor?.phone_number ??
    factor.crypto_wallet_factor?.crypto_wallet_address ??
    Object.entries(factor).find(([key]) => key.endsWith('_oauth_factor'))?.[1]?.provider_subject;
  const how = factor.delivery_method ? `${factor.type} by ${factor.delivery_method}` : factor.type;
  return subject ? `${how} (${subject})` : how;
}

/**
 * The user's social sign-ins (`user.providers`), each with 'Unlink', which asks first ('Unlink {provider}? …' with
 * 'Unlink' and 'Cancel') and then calls `client.user.deleteOAuthRegistration`; and 'Link {provider}' for a provider
 * not linked yet: `client.oauth.attach(provider)` gives a one-use token, and the provider's start with
 * `oauth_attach_token` links what the user picks at the provider to this user, back on `/authenticate?linked=…`,
 * which says so.
 */
function SocialProviders({ providers }: { providers: UserProvider[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  // A provider already linked is not offered again.
  const linkable = ALL_SOCIAL_PROVIDERS.filter((type) => !providers.some((item) => item.provider_type === type));
  const [chosen, setToLink] = useState<OAuthProvider | null>(null);
  const toLink = chosen !== null && linkable.includes(chosen) ? chosen : (linkable[0] ?? null);
  const selectId = useId();
  const confirmTitleId = useId();

  const container = useRef<HTMLDivElement | null>(null);
  // Where the focus goes once an unlink is over (every button was disabled meanwhile, so the focus left the one the
  // user pressed): back on that 'Unlink' when it failed; once the provider is gone from the list, on the next one's
  // 'Unlink', else the previous one's, else the provider picker.
  const afterUnlink = useRef<{ id: string; order: string[]; succeeded: boolean } | null>(null);
  const ids = providers.map((provider) => provider.oauth_user_registration_id);
  const idsKey = ids.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ids` is read through `idsKey`.
  useEffect(() => {
    const pending = afterUnlink.current;
    const root = container.current;
    if (busy !== null || !pending || !root) return;
    if (pending.succeeded && ids.includes(pending.id)) return; // the list has not caught up yet
    afterUnlink.current = null;
    const at = pending.order.indexOf(pending.id);
    const next = pending.succeeded
      ? (pending.order.slice(at + 1).find((id) => ids.includes(id)) ??
        pending.order
          .slice(0, at)
          .reverse()
          .find((id) => ids.includes(id)))
      : pending.id;
    const button = Array.from(root.querySelectorAll<HTMLElement>('[data-unlink]')).find(
      (element) => element.dataset.unlink === next,
    );
    (button ?? root.querySelector<HTMLElement>('select'))?.focus();
  }, [busy, idsKey]);

  // The confirmation takes the focus when it opens ('Unlink' itself is disabled meanwhile); 'Cancel' gives it back to
  // the row's 'Unlink'.
  const cancelledFrom = useRef<string | null>(null);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    if (confirming !== null) {
      root.querySelector<HTMLElement>('[data-confirm-unlink]')?.focus();
      return;
    }
    const id = cancelledFrom.current;
    cancelledFrom.current = null;
    if (id !== null) {
      Array.from(root.querySelectorAll<HTMLElement>('[data-unlink]'))
        .find((element) => element.dataset.unlink === id)
        ?.focus();
    }
  }, [confirming]);

  const unlink = async (provider: UserProvider) => {
    setConfirming(null);
    const id = provider.oauth_user_registration_id;
    setBusy(id);
    setError(null);
    let succeeded = false;
    try {
      // The answer carries the updated user: the list re-renders from useSession().
      await client.user.deleteOAuthRegistration(id);
      succeeded = true;
    } catch (failure) {
      // E.g. the provider's recency rule: removing a factor needs a recent sign-in.
      setError(`Could not unlink ${providerName(provider.provider_type)}: ${errorText(failure)}`);
    } finally {
      afterUnlink.current = { id, order: ids, succeeded };
      setBusy(null);
    }
  };

  const link = async () => {
    if (toLink === null) return;
    setBusy('link');
    setError(null);
    try {
      const { oauth_attach_token } = await client.oauth.attach(toLink);
      // The redirect-URL allowlist matches scheme, host and path: the query tells /authenticate what was linked.
      const landing = `${window.location.origin}/authenticate?linked=${toLink}`;
      // Navigates away to the provider (the development upstream's identity page in development).
      await client.oauth[toLink].start({
        oauth_attach_token,
        login_redirect_url: landing,
        signup_redirect_url: landing,
      });
    } catch (failure) {
      setError(`Could not link ${providerName(toLink ?? '')}: ${errorText(failure)}`);
      setBusy(null);
    }
  };

  return (
    <div ref={container}>
      {providers.length ? (
        <ul data-testid="session-providers">
          {providers.map((provider) => (
            <li key={provider.oauth_user_registration_id}>
              {providerName(provider.provider_type)} ({provider.provider_subject}){' '}
              <code>{provider.oauth_user_registration_id}</code>{' '}
              <button
                type="button"
                className="pg-small-button"
                onClick={() => setConfirming(provider.oauth_user_registration_id)}
                disabled={busy !== null || confirming !== null}
                data-unlink={provider.oauth_user_registration_id}
                aria-label={`Unlink ${providerName(provider.provider_type)} (${provider.provider_subject})`}
              >
                Unlink
              </button>
              {confirming === provider.oauth_user_registration_id && (
                <div role="alertdialog" aria-labelledby={confirmTitleId} className="pg-confirm">
                  <p id={confirmTitleId}>
                    Unlink {providerName(provider.provider_type)}? You will no longer be able to sign in with{' '}
                    {providerName(provider.provider_type)} ({provider.provider_subject}).
                  </p>
                  <button
                    type="button"
                    className="pg-small-button"
                    data-confirm-unlink
                    onClick={() => void unlink(provider)}
                  >
                    Unlink {providerName(provider.provider_type)}
                  </button>{' '}
                  <button
                    type="button"
                    className="pg-small-button"
                    onClick={() => {
                      cancelledFrom.current = provider.oauth_user_registration_id;
                      setConfirming(null);
                    }}
                  >
                    Cancel
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        'none'
      )}
      {toLink === null ? (
        <p data-testid="session-providers-all-linked">Every provider is linked.</p>
      ) : (
        <div className="pg-toolbar">
          <label htmlFor={selectId}>Provider to link</label>
          <select id={selectId} value={toLink} onChange={(event) => setToLink(event.target.value as OAuthProvider)}>
            {linkable.map((type) => (
              <option key={type} value={type}>
                {providerName(type)}
              </option>
            ))}
          </select>
          <button type="button" className="pg-small-button" onClick={() => void link()} disabled={busy !== null}>
            Link {providerName(toLink)}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="pg-error" data-testid="session-providers-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The applications the user has let sign them in with this project (the identity provider's grants), each with
 * 'Revoke' (its grant and every token it holds): `useConnectedApps`.
 */
function ConnectedApps() {
  const { apps, status, error, revoke, revoking } = useConnectedApps();
  return (
    <>
      {status === 'pending' && <p aria-busy="true">Loading…</p>}
      {status !== 'pending' && apps.length === 0 && <p data-testid="connected-apps-empty">none</p>}
      {apps.length > 0 && (
        <ul data-testid="connected-apps">
          {apps.map((app) => (
            <li key={app.connected_app_id} data-testid={`connected-app-${app.connected_app_id}`}>
              <strong>{app.name}</strong> <code>{app.connected_app_id}</code> ({app.client_type})
              {app.description ? ` — ${app.description}` : ''}
              <br />
              Scopes granted: <code data-testid="connected-app-scopes">{app.scopes_granted || '(none)'}</code>{' '}
              <button
                type="button"
                className="pg-small-button"
                onClick={() => void revoke(app.connected_app_id)}
                disabled={revoking !== null}
                aria-label={`Revoke ${app.name}`}
              >
                {revoking === app.connected_app_id ? 'Revoking…' : 'Revoke'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="pg-error" data-testid="connected-apps-error">
          {error.message}
        </p>
      )}
    </>
  );
}

/** `/session`: the signed-in user and session as the SDK holds them, and sign-out. */
export default function SessionPage() {
  const { session, user, hasSession, fromCache, revoke } = useSession();
  const [status, setStatus] = useState<'idle' | 'pending' | 'error'>('idle');
  const [error, setError] = useState<string | null>(null);

  const signOut = async () => {
    setStatus('pending');
    setError(null);
    try {
      // forceClear: even if the provider cannot be reached, this browser forgets the session.
      await revoke({ forceClear: true });
      setStatus('idle');
    } catch (failure) {
      setStatus('error');
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  if (!hasSession || !session) {
    return (
      <section aria-labelledby="session-title" className="pg-page">
        <h1 id="session-title">Session</h1>
        <p data-testid="session-state">No active session.</p>
        <p>
          Sign in with the <Link href="/">default kit</Link>, the <Link href="/unstyled">unstyled kit</Link> or{' '}
          <Link href="/hooks">the hooks</Link>.
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby="session-title" className="pg-page">
      <h1 id="session-title">Session</h1>
      <p data-testid="session-state">
        Active session{fromCache ? ' (from this browser’s cache, being checked with the provider)' : ''}.
      </p>

      <h2>User</h2>
      <dl className="pg-facts" data-testid="session-user">
        <dt>User id</dt>
        <dd data-testid="session-user-id">{user?.user_id ?? session.user_id}</dd>
        <dt>Status</dt>
        <dd>{user?.status ?? '—'}</dd>
        <dt>Emails</dt>
        <dd>
          {user?.emails.length ? (
            <ul>
              {user.emails.map((email) => (
                <li key={email.email_id}>
                  {email.email} {email.verified ? '(verified)' : '(unverified)'} <code>{email.email_id}</code>
                </li>
              ))}
            </ul>
          ) : (
            'none'
          )}
        </dd>
        <dt>Phone numbers</dt>
        <dd>
          {user?.phone_numbers.length ? (
            <ul>
              {user.phone_numbers.map((phone) => (
                <li key={phone.phone_id}>
                  {phone.phone_number} {phone.verified ? '(verified)' : '(unverified)'} <code>{phone.phone_id}</code>
                </li>
              ))}
            </ul>
          ) : (
            'none'
          )}
        </dd>
        <dt>Crypto wallets</dt>
        <dd>
          {user?.crypto_wallets.length ? (
            <ul data-testid="session-wallets">
              {user.crypto_wallets.map((wallet) => (
                <li key={wallet.crypto_wallet_id}>
                  {wallet.crypto_wallet_address} ({wallet.crypto_wallet_type}
                  {wallet.verified ? ', verified' : ', unverified'}) <code>{wallet.crypto_wallet_id}</code>
                </li>
              ))}
            </ul>
          ) : (
            'none'
          )}
        </dd>
        <dt>Linked providers</dt>
        <dd>
          <SocialProviders providers={user?.providers ?? []} />
        </dd>
        <dt>Password</dt>
        <dd>{user?.password ? 'set' : 'none'}</dd>
      </dl>

      <h2>Connected apps</h2>
      <p className="pg-note">
        Applications signed in with this project as their identity provider (the <a href={DEMO_APP_URL}>demo app</a>{' '}
        that <code>npm start</code> runs, for one). Revoking one removes its access: its grant and its tokens.
      </p>
      <ConnectedApps />

      <h2>Session</h2>
      <dl className="pg-facts" data-testid="session-details">
        <dt>Session id</dt>
        <dd>{session.session_id}</dd>
        <dt>Started</dt>
        <dd>{formatTime(session.started_at)}</dd>
        <dt>Last accessed</dt>
        <dd>{formatTime(session.last_accessed_at)}</dd>
        <dt>Expires</dt>
        <dd>{formatTime(session.expires_at)}</dd>
        <dt>Authentication factors</dt>
        <dd>
          <ul data-testid="session-factors">
            {session.authentication_factors.map((factor) => (
              <li key={`${factor.type}-${factor.delivery_method}-${factor.last_authenticated_at}`}>
                {describeFactor(factor)}, {formatTime(factor.last_authenticated_at)}
              </li>
            ))}
          </ul>
        </dd>
      </dl>

      <button type="button" className="pg-button" onClick={signOut} disabled={status === 'pending'}>
        {status === 'pending' ? 'Signing out…' : 'Sign out'}
      </button>
      {error && (
        <p role="alert" className="pg-error">
          {error}
        </p>
      )}
    </section>
  );
}
