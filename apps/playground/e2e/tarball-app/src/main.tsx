// The page of the app tarball.e2e.ts builds outside the repository from the packed tarballs: what a developer
// writes after `npm install @latchkey/ui-default @latchkey/hooks @latchkey/sdk`, README style. It is type-checked
// there against the installed declarations, so the type-only import of the `./contract` subpath is on purpose.
import { LatchkeyProvider, useSession } from '@latchkey/hooks';
import { createClient } from '@latchkey/sdk';
import type { User } from '@latchkey/sdk/contract';
import { SignIn } from '@latchkey/ui-default';
import '@latchkey/ui-default/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The reference provider the browser tests start (e2e/latchkey.config.json allows this app's origin, :5178).
const client = createClient('public-token-test-latchkey-playground', { apiBaseUrl: 'http://localhost:8787' });

/** 'Signed in as {email}' or 'Signed out', as the playground's header says it. */
function SessionStatus() {
  const user = useSession((snapshot): User | null => snapshot.user);
  return <p data-testid="session-status">{user ? `Signed in as ${user.emails[0]?.email}` : 'Signed out'}</p>;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <LatchkeyProvider client={client}>
      <header>
        <h1>Latchkey from its tarballs</h1>
        <SessionStatus />
      </header>
      <main>
        <SignIn config={{ products: ['otp'], otpOptions: { methods: ['email'] } }} />
      </main>
    </LatchkeyProvider>
  </StrictMode>,
);
