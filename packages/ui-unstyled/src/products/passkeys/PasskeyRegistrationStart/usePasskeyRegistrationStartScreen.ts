import { type LatchkeyFlowError, usePasskeyRegistration } from '@latchkey/hooks';

/** What `usePasskeyRegistrationStartScreen` returns: the state of the PasskeyRegistrationStart parts. */
export interface UsePasskeyRegistrationStartScreenReturn {
  /** The user is fetched (the check that someone is signed in) or the ceremony runs: both buttons are disabled. */
  isPending: boolean;
  /** The spec's text: a duplicate passkey, 'Your Passkey was not created…', or no signed-in user. */
  error: LatchkeyFlowError | null;
  /** 'Create a Passkey': checks the user, then creates a passkey; → PasskeyRegistrationSuccess. */
  create: () => void;
  /** 'Skip': records the skip; → PasskeyRegistrationSuccess. */
  skip: () => void;
}

/** The PasskeyRegistrationStart screen's state: `usePasskeyRegistration` (inside `<PasskeyRegistration>`). */
export function usePasskeyRegistrationStartScreen(): UsePasskeyRegistrationStartScreenReturn {
  const registration = usePasskeyRegistration();
  return {
    isPending: registration.status === 'checking' || registration.status === 'registering',
    error: registration.error,
    create: () => void registration.register(),
    skip: registration.skip,
  };
}
