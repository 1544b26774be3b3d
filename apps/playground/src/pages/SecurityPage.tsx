import '@latchkey/ui-default/styles.css';
import type { LatchkeyEvent, LatchkeyFlowError } from '@latchkey/hooks';
import { useSession } from '@latchkey/hooks';
import { PasskeyRegistration, TotpEnrollment } from '@latchkey/ui-default';
import { useMemo, useState } from 'react';
import { Link } from '../router';

interface LoggedItem {
  id: number;
  kind: 'event' | 'error';
  text: string;
}

let nextLogId = 0;

/**
 * `/security`: the signed-in user's second factors, with the default kit's own components: passkeys
 * (`PasskeyRegistration`: create, list, rename, delete) and an authenticator app (`TotpEnrollment`: QR code, manual
 * key, first code, recovery codes). `npm start` runs the provider with `project.mfa.required`, so once a user has a
 * second factor, signing in asks for it.
 */
export default function SecurityPage() {
  const { hasSession } = useSession();
  const [log, setLog] = useState<LoggedItem[]>([]);
  const callbacks = useMemo(() => {
    const add = (kind: LoggedItem['kind'], text: string) =>
      setLog((items) => [{ id: nextLogId++, kind, text }, ...items].slice(0, 8));
    return {
      onEvent: (event: LatchkeyEvent) => add('event', event.type),
      onError: (error: LatchkeyFlowError) => add('error', `${error.type}: ${error.message}`),
      onDone: () => add('event', 'TotpEnrollment onDone (the recovery codes were saved)'),
    };
  }, []);

  return (
    <section aria-labelledby="security-title" className="pg-page">
      <h1 id="security-title">Security</h1>
      {!hasSession && (
        <p data-testid="security-signed-out">
          Sign in first (with the <Link href="/">default kit</Link>, for example); the components below then manage that
          user's passkeys and authenticator app. Signed out, they show the error a host would see.
        </p>
      )}
      <div className="pg-columns">
        <div className="pg-side">
          <section className="pg-panel" aria-labelledby="passkeys-title">
            <h2 id="passkeys-title">Passkeys</h2>
            <p className="pg-note">
              <code>&lt;PasskeyRegistration&gt;</code> from <code>@latchkey/ui-default</code>. 'Skip' goes straight to
              the list of existing passkeys.
            </p>
            <div className="pg-widget" data-testid="passkey-registration">
              <PasskeyRegistration callbacks={{ onEvent: callbacks.onEvent, onError: callbacks.onError }} />
            </div>
          </section>
        </div>
        <div className="pg-side">
          <section className="pg-panel" aria-labelledby="totp-title">
            <h2 id="totp-title">Authenticator app</h2>
            <p className="pg-note">
              <code>&lt;TotpEnrollment&gt;</code> from <code>@latchkey/ui-default</code>. The QR code is an image the
              provider draws; no QR library reaches the browser.
            </p>
            <div className="pg-widget" data-testid="totp-enrollment">
              <TotpEnrollment onError={callbacks.onError} onDone={callbacks.onDone} />
            </div>
          </section>
          <section className="pg-panel" aria-labelledby="mfa-title">
            <h2 id="mfa-title">Multi-factor sign-in</h2>
            <p>
              This provider requires a second factor (<code>project.mfa.required</code>) from every user who has one.
              Enrol an authenticator app here, sign out, then sign in with a password, a passcode or a magic link: the
              widget asks for a code from the app (or a recovery code) before the session starts. A user with no second
              factor still gets a session, so they can enrol one.
            </p>
          </section>
        </div>
      </div>
      {log.length > 0 && (
        <section aria-labelledby="security-events-title" className="pg-events">
          <h2 id="security-events-title">Callbacks</h2>
          <ul>
            {log.map((item) => (
              <li key={item.id} className={item.kind === 'error' ? 'pg-error' : undefined}>
                <code>{item.kind === 'error' ? 'onError' : 'onEvent'}</code> {item.text}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
