import { useSession } from '@latchkey/hooks';
import type { User } from '@latchkey/sdk';
import { Link, useLocation } from './router';

const NAV = [
  { href: '/', label: 'Default kit' },
  { href: '/unstyled', label: 'Unstyled kit' },
  { href: '/hooks', label: 'Hooks only' },
  { href: '/session', label: 'Session' },
  { href: '/security', label: 'Security' },
  { href: '/inbox', label: 'Inbox' },
];

/** How the header names a user: the first email, else the first phone number, else the first wallet, else the id. */
export function userLabel(user: User | null): string {
  return (
    user?.emails[0]?.email ??
    user?.phone_numbers[0]?.phone_number ??
    user?.crypto_wallets[0]?.crypto_wallet_address ??
    user?.user_id ??
    'unknown user'
  );
}

/** Navigation and the compact session status shown on every page. */
export function Header() {
  const { pathname } = useLocation();
  const { hasSession, user } = useSession();
  return (
    <header className="pg-header">
      <Link href="/" className="pg-brand">
        Latchkey playground
      </Link>
      <nav aria-label="Playground pages">
        <ul className="pg-nav">
          {NAV.map((item) => (
            <li key={item.href}>
              <Link href={item.href} aria-current={pathname === item.href ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="pg-status" data-testid="session-status" aria-live="polite">
        {hasSession ? (
          <>
            Signed in as <Link href="/session">{userLabel(user)}</Link>
          </>
        ) : (
          'Signed out'
        )}
      </p>
    </header>
  );
}
