import { useAuthenticateFlowComplete } from '../../../components/useAuthenticateFlowComplete';

/** What `useCryptoConfirmationScreen` returns: the success screen has no state of its own (kept for the hook + Provider shape). */
export type UseCryptoConfirmationScreenReturn = Record<string, never>;

/**
 * CryptoConfirmation's behaviour: emits `AUTHENTICATE_FLOW_COMPLETE` to the host once, on display, or hands over to
 * the second factor when the provider answered an intermediate session (as every success screen does).
 */
export function useCryptoConfirmationScreen(): UseCryptoConfirmationScreenReturn {
  useAuthenticateFlowComplete();
  return {};
}
