import { type LatchkeyFlowError, unverifiedIdentifierOf, usePasskeyRegistration } from '@latchkey/hooks';
import { useState } from 'react';
import type { SessionVerificationSource } from '../../totp/SessionVerification/useSessionVerification';

/** What `usePasskeyRegistrationStartScreen` returns: the state of the PasskeyRegistrationStart parts. */
export interface UsePasskeyRegistrationStartScreenReturn {
  /** The user is fetched (the check that someone is signed in) or the ceremony runs: both buttons are disabled. */
  isPending: boolean;
  /**
   * The spec's text: a duplicate passkey, 'Your Passkey was not created…', or no signed-in user; or the provider's
   * `identifier_not_verified` text (verify the account's address first).
   */
  error: LatchkeyFlowError | null;
  /**
   * The account's unverified email (or phone) when the provider refused with `identifier_not_verified`: the
   * verification shows (a passcode to it); once it is proved the error clears and 'Create a Passkey' works. Null
   * otherwise.
   */
  unverifiedIdentifier: string | null;
  /** The address just proved that way (the verification's 'is verified' stays in view), or null. */
  verifiedIdentifier: string | null;
  /** The verification succeeded: clears the refusal, so 'Create a Passkey' can be pressed again. */
  identifierVerified: () => void;
  /** 'Create a Passkey': checks the user, then creates a passkey; → PasskeyRegistrationSuccess. */
  create: () => void;
  /** 'Skip': records the skip; → PasskeyRegistrationSuccess. */
  skip: () => void;
  /**
   * Under multi-factor sign-in, when this session must prove the second factor before a passkey is added: the verify
   * step ("Confirm it's you", a code from the authenticator app, a recovery code or a passkey), which then creates the
   * passkey.
   * Null otherwise.
   */
  verification: SessionVerificationSource | null;
}

/** The PasskeyRegistrationStart screen's state: `usePasskeyRegistration` (inside `<PasskeyRegistration>`). */
export function usePasskeyRegistrationStartScreen(): UsePasskeyRegistrationStartScreenReturn {
  const registration = usePasskeyRegistration();
  const [verifiedIdentifier, setVerifiedIdentifier] = useState<string | null>(null);
  const unverifiedIdentifier = unverifiedIdentifierOf(registration.error);
  return {
    isPending: registration.status === 'checking' || registration.status === 'registering',
    error: registration.error,
    unverifiedIdentifier,
    verifiedIdentifier,
    // The ceremony is not started from here: browsers want it started by the user's own click on 'Create a Passkey'.
    identifierVerified: () => {
      setVerifiedIdentifier(unverifiedIdentifier);
      registration.reset();
    },
    create: () => {
      setVerifiedIdentifier(null);
      void registration.register();
    },
    skip: registration.skip,
    verification: registration.pendingChange
      ? {
          error: registration.error,
          isVerifying: registration.status === 'verifying',
          verifyAndRetry: registration.verifyAndRetry,
          recoverAndRetry: registration.recoverAndRetry,
          canVerifyWithTotp: registration.canVerifyWithTotp,
          canVerifyWithPasskey: registration.canVerifyWithPasskey,
          verifyWithPasskeyAndRetry: registration.verifyWithPasskeyAndRetry,
          cancelVerification: registration.cancelVerification,
        }
      : null,
  };
}
