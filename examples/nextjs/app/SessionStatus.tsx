'use client';
import { useSession } from '@latchkey/hooks';

/**
 * 'Signed in' or 'Signed out', from the SDK's session. The server renders it from the session it verified (the
 * layout's `initialSession`), so a signed-in visitor sees it in the first HTML; the browser keeps it up to date.
 */
export function SessionStatus() {
  const signedIn = useSession((snapshot) => snapshot.session !== null);
  return <span data-testid="session-status">{signedIn ? 'Signed in' : 'Signed out'}</span>;
}
