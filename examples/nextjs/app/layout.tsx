import '@latchkey/ui-default/styles.css';
import './globals.css';
import type { InitialSession } from '@latchkey/sdk';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { LatchkeyClientProvider } from '../lib/client';
import { currentSession } from '../lib/session';
import { SessionStatus } from './SessionStatus';

export const metadata: Metadata = {
  title: 'Latchkey with Next.js',
  description: 'Sign in with the default Latchkey kit; pages and routes protected by @latchkey/server.',
};

/** The visitor's session as the server verified it from the cookie, for the SDK's client; null when signed out. */
async function initialSession(): Promise<InitialSession | null> {
  try {
    const verified = await currentSession(await headers());
    return verified ? { session: verified.session } : null;
  } catch {
    // The provider's keys could not be fetched: render signed out; the browser's client confirms the session.
    return null;
  }
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <LatchkeyClientProvider initialSession={await initialSession()}>
          <header className="site-header">
            <Link href="/">Latchkey with Next.js</Link>
            <nav aria-label="Site">
              <SessionStatus />
              <Link href="/account">Account</Link>
            </nav>
          </header>
          <main>{children}</main>
        </LatchkeyClientProvider>
      </body>
    </html>
  );
}
