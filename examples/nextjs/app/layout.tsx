import '@latchkey/ui-default/styles.css';
import './globals.css';
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';

export const metadata: Metadata = {
  title: 'Latchkey with Next.js',
  description: 'Sign in with the default Latchkey kit; pages and routes protected by @latchkey/server.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <Link href="/">Latchkey with Next.js</Link>
          <nav aria-label="Site">
            <Link href="/account">Account</Link>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
