import { type EmailSentScreenState, useEmailSentScreenState } from '../emailSentScreen';

/** What `usePasswordDedupeScreen` returns: the state of the PasswordDedupe screen's parts. */
export interface UsePasswordDedupeScreenReturn extends EmailSentScreenState {}

/** The PasswordDedupe screen's state (login answered `reset_password`, so a reset email was sent): the stored email and the way back, from the `<SignIn>`'s store. */
export function usePasswordDedupeScreen(): UsePasswordDedupeScreenReturn {
  return useEmailSentScreenState();
}
