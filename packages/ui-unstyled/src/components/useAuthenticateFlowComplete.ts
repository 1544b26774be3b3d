import { useOptionalSignInStore } from '@latchkey/hooks';
import { useEffect, useRef } from 'react';
import { useSecondFactorStep } from '../products/totp/secondFactor';

/**
 * Emits `AUTHENTICATE_FLOW_COMPLETE` to the host's `onEvent` once, when a success screen is displayed.
 * Outside a `<SignIn>` (an example, a story) it does nothing. When the first factor left the sign-in waiting for a
 * second one (the project requires it), the widget goes to TotpAuthenticate instead and nothing is emitted yet
 * (products/totp/secondFactor.ts): this is the one place every first factor's success passes through.
 */
export function useAuthenticateFlowComplete(): void {
  const store = useOptionalSignInStore();
  const awaitsSecondFactor = useSecondFactorStep(store);
  const hasEmitted = useRef(false);
  useEffect(() => {
    // Strict mode runs effects twice; the host hears of the completion once.
    if (hasEmitted.current || !store || awaitsSecondFactor) return;
    hasEmitted.current = true;
    try {
      store.getState().callbacks.onEvent?.({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: {} });
    } catch (error) {
      // A host callback that throws must not break the success screen.
      console.error(error);
    }
  }, [store, awaitsSecondFactor]);
}
