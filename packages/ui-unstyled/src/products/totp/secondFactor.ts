// The multi-factor sign-in in the widget. Every first factor ends on a success screen (LoginSuccess,
// PasswordConfirmation, OTPConfirmation, …), and each of those calls `useAuthenticateFlowComplete`: that one shared
// place asks `useSecondFactorStep`. When the provider answered the first factor with an intermediate session, the TOTP
// chunk is fetched, its screens join the widget's lazy screens and its rows the transition table, and the widget
// moves to TotpAuthenticate instead of showing the success screen. Nothing here is in a sign-in page's first load:
// this module comes with the success screens' chunks, and the TOTP screens are one more chunk behind it.
import { isSecondFactorPending, type SignInStore, useLatchkeyClient } from '@latchkey/hooks';
import type { LatchkeyClient } from '@latchkey/sdk';
import { useLayoutEffect } from 'react';
import { addScreenChunk } from '../../screenLoaders';
import { loadOnce } from '../defineProductKit';

/** Downloads the TOTP chunk once (its hooks add the TOTP rows to the transition table as they load). */
export const loadTotpChunk = loadOnce(() => import('./chunk'));

let areScreensLoaded = false;
const loadTotpScreens = loadOnce(async () => {
  await loadTotpChunk();
  // Its screens join the widget's screen look-up (screenLoaders.ts).
  addScreenChunk(loadTotpChunk);
  areScreensLoaded = true;
});

/**
 * For the success screens (`useAuthenticateFlowComplete`): true when the first factor left the sign-in waiting for
 * its second one. Then it suspends until the TOTP chunk is in (the screen's Suspense shows its spinner, never
 * 'Success!' for half a sign-in), and moves the widget to TotpAuthenticate before the screen is painted. Outside a
 * `<SignIn>` (a story, an example) it is always false.
 */
export function useSecondFactorStep(store: SignInStore | null): boolean {
  const client = useOptionalClient();
  const awaitsSecondFactor = store !== null && client !== null && isSecondFactorPending(client);
  useLayoutEffect(() => {
    if (awaitsSecondFactor) store?.getState().dispatch({ type: 'secondFactorRequired' });
  }, [awaitsSecondFactor, store]);
  if (awaitsSecondFactor && !areScreensLoaded) throw loadTotpScreens();
  return awaitsSecondFactor;
}

/** The client of the enclosing `<LatchkeyProvider>`, or null (a success screen in a story has none). */
function useOptionalClient(): LatchkeyClient | null {
  try {
    // biome-ignore lint/correctness/useHookAtTopLevel: called on every render; the try only catches a missing provider.
    return useLatchkeyClient();
  } catch {
    return null;
  }
}
