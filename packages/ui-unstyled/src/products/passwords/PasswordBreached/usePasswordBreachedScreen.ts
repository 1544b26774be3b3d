import { type EmailSentScreenState, useEmailSentScreenState } from '../emailSentScreen';

/** What `usePasswordBreachedScreen` returns: the state of the PasswordBreached screen's parts. */
export interface UsePasswordBreachedScreenReturn extends EmailSentScreenState {}

/** The PasswordBreached screen's state (login found the password in a breach, so a reset email was sent): the stored email and the way back, from the `<SignIn>`'s store. */
export function usePasswordBreachedScreen(): UsePasswordBreachedScreenReturn {
  return useEmailSentScreenState();
}
