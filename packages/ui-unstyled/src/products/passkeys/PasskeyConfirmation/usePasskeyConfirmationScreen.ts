import { useAuthenticateFlowComplete } from '../../../components/useAuthenticateFlowComplete';

/** What `usePasskeyConfirmationScreen` returns: the success screen has no state of its own (kept for the hook + Provider shape). */
export type UsePasskeyConfirmationScreenReturn = Record<string, never>;

/** The PasskeyConfirmation screen's behaviour: emits `AUTHENTICATE_FLOW_COMPLETE` to the host once, on display. */
export function usePasskeyConfirmationScreen(): UsePasskeyConfirmationScreenReturn {
  useAuthenticateFlowComplete();
  return {};
}
