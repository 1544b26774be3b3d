import { useAuthenticateFlowComplete } from '../../../components/useAuthenticateFlowComplete';

/** What `useOtpConfirmationScreen` returns: the success screen has no state of its own (kept for the hook + Provider shape). */
export type UseOtpConfirmationScreenReturn = Record<string, never>;

/** The OtpConfirmation screen's behaviour: emits `AUTHENTICATE_FLOW_COMPLETE` to the host once, on display. */
export function useOtpConfirmationScreen(): UseOtpConfirmationScreenReturn {
  useAuthenticateFlowComplete();
  return {};
}
