import { useAuthenticateFlowComplete } from '../../components/useAuthenticateFlowComplete';

/** What `useLoginSuccessScreen` returns: the success screen has no state of its own (kept for the hook + Provider shape). */
export type UseLoginSuccessScreenReturn = Record<string, never>;

/** The LoginSuccess screen's behaviour: emits `AUTHENTICATE_FLOW_COMPLETE` to the host once, on display. */
export function useLoginSuccessScreen(): UseLoginSuccessScreenReturn {
  useAuthenticateFlowComplete();
  return {};
}
