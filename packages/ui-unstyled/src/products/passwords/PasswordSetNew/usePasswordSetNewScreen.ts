import { type EmailSentScreenState, useEmailSentScreenState } from '../emailSentScreen';

/** What `usePasswordSetNewScreen` returns: the state of the PasswordSetNew screen's parts. */
export interface UsePasswordSetNewScreenReturn extends EmailSentScreenState {}

/** The PasswordSetNew screen's state ('Create a password instead' sent a set-password email): the stored email and the way back, from the `<SignIn>`'s store. */
export function usePasswordSetNewScreen(): UsePasswordSetNewScreenReturn {
  return useEmailSentScreenState();
}
