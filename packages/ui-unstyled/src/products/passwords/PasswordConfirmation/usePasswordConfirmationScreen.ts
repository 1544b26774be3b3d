import { useAuthenticateFlowComplete } from '../../../components/useAuthenticateFlowComplete';

/** What `usePasswordConfirmationScreen` returns: the screen has no state of its own (kept for the hook + Provider shape). */
export type UsePasswordConfirmationScreenReturn = Record<string, never>;

/**
 * The PasswordConfirmation screen's behaviour: emits `AUTHENTICATE_FLOW_COMPLETE` to the `<SignIn>`'s `onEvent`
 * once, on display.
 */
export function usePasswordConfirmationScreen(): UsePasswordConfirmationScreenReturn {
  useAuthenticateFlowComplete();
  return {};
}
