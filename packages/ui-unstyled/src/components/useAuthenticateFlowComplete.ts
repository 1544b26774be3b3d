import { useOptionalSignInStore } from '@latchkey/hooks';
import { useEffect, useRef } from 'react';

/**
 * Emits `AUTHENTICATE_FLOW_COMPLETE` to the host's `onEvent` once, when a success screen is displayed.
 * Outside a `<SignIn>` (an example, a story) it does nothing. A first factor that authenticated only partially never
 * reaches a success screen: its flow reports `authenticatedPartially`, which the store's table leads to the second
 * factor's screen (the hooks' TOTP rows).
 */
export function useAuthenticateFlowComplete(): void {
  const store = useOptionalSignInStore();
  const hasEmitted = useRef(false);
  useEffect(() => {
    // Strict mode runs effects twice; the host hears of the completion once.
    if (hasEmitted.current || !store) return;
    hasEmitted.current = true;
    try {
      store.getState().callbacks.onEvent?.({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: {} });
    } catch (error) {
      // A host callback that throws must not break the success screen.
      console.error(error);
    }
  }, [store]);
}
