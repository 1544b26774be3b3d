import { E164_PATTERN } from '@latchkey/sdk';
import { useCallback, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { resolveSessionDuration, useFlowContext } from '../../flowContext';
import { useSingleFlightVerbs } from '../../useSingleFlight';
import { DEFAULT_OTP_EXPIRATION_MINUTES } from './sendPasscode';
import { OTP_INVALID_CODE_MESSAGE } from './useOtpCode';

const CODE_PATTERN = /^\d{6}$/;

/** The error type a TOTP, passkey or wallet enrolment answers while the account has an unverified email or phone. */
export const IDENTIFIER_NOT_VERIFIED = 'identifier_not_verified';

/**
 * The unverified address an `identifier_not_verified` refusal names (its `error_details.unverified_identifier`), or
 * null for any other error.
 */
export function unverifiedIdentifierOf(error: LatchkeyFlowError | null): string | null {
  if (error?.type !== IDENTIFIER_NOT_VERIFIED) return null;
  const details = (error.cause as { error_details?: { unverified_identifier?: unknown } } | undefined)?.error_details;
  return typeof details?.unverified_identifier === 'string' ? details.unverified_identifier : null;
}

/** Options of `useIdentifierVerification`. */
export interface UseIdentifierVerificationOptions extends SignInCallbacks {
  /** The passcode's lifetime; default 5 minutes. */
  expirationMinutes?: number;
  /** The session's lifetime after the code joins it; default the store's `sessionOptions`, else 30. */
  sessionDurationMinutes?: number;
}

/** What `useIdentifierVerification` returns. */
export interface UseIdentifierVerificationReturn {
  /** `sent`: a code waits to be typed. `verified`: the address is proved (the session's user's, nothing reset). */
  status: 'idle' | 'sending' | 'sent' | 'verifying' | 'verified' | 'error';
  error: LatchkeyFlowError | null;
  /** The email address or E.164 number the code went to. */
  identifier: string | null;
  /** The method id of the code sent. */
  methodId: string | null;
  /**
   * Sends a passcode to the signed-in user's own email address (or phone number, E.164) with the session: the
   * secondary send, which reaches the account's own unverified address. Resolves true once sent.
   */
  send(identifier: string): Promise<boolean>;
  /**
   * Checks the code with the session, which proves the address as the account's own (the provider's pre-hijacking
   * reset never runs for a proof made with a session of the same account). `methodId` defaults to the last code
   * `send` sent (pass the one `usePasswordFlow().create` answered). Resolves true once verified.
   */
  authenticate(code: string, methodId?: string): Promise<boolean>;
  reset(): void;
}

interface LocalState {
  status: UseIdentifierVerificationReturn['status'];
  error: LatchkeyFlowError | null;
  identifier: string | null;
  methodId: string | null;
}

const IDLE: LocalState = { status: 'idle', error: null, identifier: null, methodId: null };

/**
 * Proves an email address (or phone number) of the signed-in user with a passcode sent with the session: what a
 * password sign-up does right after creating the account, and what an enrolment refused with
 * `identifier_not_verified` (a TOTP, a passkey, a wallet) leads to before it is tried again. Works inside or outside
 * a `<SignIn>`; it never moves the widget's screen.
 */
export function useIdentifierVerification(
  options: UseIdentifierVerificationOptions = {},
): UseIdentifierVerificationReturn {
  const { onEvent, onError, expirationMinutes, sessionDurationMinutes } = options;
  const ctx = useFlowContext({ onEvent, onError });
  const [state, setState] = useState<LocalState>(IDLE);

  const fail = useCallback(
    (error: LatchkeyFlowError) => {
      setState((previous) => ({ ...previous, status: 'error', error }));
      ctx.fail(error);
      return false;
    },
    [ctx],
  );

  const send = useCallback(
    async (identifier: string): Promise<boolean> => {
      setState((previous) => ({ ...previous, status: 'sending', error: null }));
      const payload = { expiration_minutes: expirationMinutes ?? DEFAULT_OTP_EXPIRATION_MINUTES };
      try {
        const { method_id } = E164_PATTERN.test(identifier)
          ? await ctx.client.otps.sms.send(identifier, payload)
          : await ctx.client.otps.email.send(identifier, payload);
        setState({ status: 'sent', error: null, identifier, methodId: method_id });
        return true;
      } catch (caught) {
        return fail(toFlowError(caught));
      }
    },
    [ctx, fail, expirationMinutes],
  );

  const authenticate = useCallback(
    async (code: string, methodId?: string): Promise<boolean> => {
      if (!CODE_PATTERN.test(code)) return fail({ type: 'invalid_code', message: OTP_INVALID_CODE_MESSAGE });
      const method = methodId ?? state.methodId;
      if (method === null) return fail({ type: 'unknown_error', message: 'No passcode has been sent yet.' });
      setState((previous) => ({ ...previous, status: 'verifying', error: null }));
      try {
        await ctx.client.otps.authenticate(code, method, {
          session_duration_minutes: resolveSessionDuration(ctx, sessionDurationMinutes),
        });
        setState((previous) => ({ ...previous, status: 'verified', error: null }));
        return true;
      } catch (caught) {
        return fail(toFlowError(caught));
      }
    },
    [ctx, fail, state.methodId, sessionDurationMinutes],
  );

  const reset = useCallback(() => setState(IDLE), []);
  // A second call while the first is in flight (a double click on Continue) sends nothing more.
  const verbs = useSingleFlightVerbs({ send, authenticate });
  return { ...state, ...verbs, reset };
}
