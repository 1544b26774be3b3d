'use client';
import { useState } from 'react';
import { useLatchkeyClient } from '../../lib/client';

/**
 * Revokes the session at the provider through the SDK, which also removes the session cookies, then leaves for the
 * sign-in page. The layout's client confirms the session in the background meanwhile.
 */
export function SignOutButton() {
  const client = useLatchkeyClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signOut() {
    setPending(true);
    setError(null);
    try {
      // forceClear: even if the provider cannot be told, this browser forgets the session.
      await client.session.revoke({ forceClear: true });
    } catch (caught) {
      setPending(false);
      setError(
        `Signed out in this browser, but the provider could not be told: ${caught instanceof Error ? caught.message : String(caught)}`,
      );
      return;
    }
    // A document navigation: nothing rendered for the signed-in user stays in the router's cache or in memory.
    window.location.replace('/sign-in');
  }

  return (
    <>
      <button type="button" onClick={signOut} disabled={pending}>
        {pending ? 'Signing out…' : 'Sign out'}
      </button>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </>
  );
}
