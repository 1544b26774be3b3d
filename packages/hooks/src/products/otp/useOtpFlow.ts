import { E164_PATTERN, EMAIL_PATTERN, type OtpsLoginOrCreateResponse } from '@latchkey/sdk';
import { useCallback, useRef, useState } from 'react';
import { accountResetOf } from '../../accountReset';
import { type LatchkeyFlowError, toFlowError, validationError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import {
  type FlowContext,
  resolveSessionDuration,
  useFlowContext,
  useStoreSlice,
  watchScreen,
} from '../../flowContext';
import { isShowing } from '../../transitionParts';
import { useSingleFlightVerbs } from '../../useSingleFlight';
import { PHONE_NUMBER_INVALID_MESSAGE } from '../../validationMessages';
import { OTP_INVALID_EMAIL_MESSAGE } from './messages';
import type { OtpMethod } from './product';
import {
  DEFAULT_OTP_EXPIRATION_MINUTES,
  emailOtpPayload,
  type OtpFlowSettings,
  resolveOtpSettings,
  sendEmailOtp,
} from './sendPasscode';
import { OTP_TRANSITIONS } from './transitions';
import { OTP_INVALID_CODE_MESSAGE } from './useOtpCode';

const CODE_PATTERN = /^\d{6}$/;

/** `resend` or `authenticate` before any `send`: a programming error, reported like any other. */
const NOTHING_SENT: LatchkeyFlowError = { type: 'unknown_error', message: 'No passcode has been sent yet.' };

/**
 * Options of `useOtpFlow`. Inside a `<SignIn>`, a missing option is taken from the store's `otpOptions` and
 * `sessionOptions`; the store's `onEvent`/`onError` are called as well as these.
 */
export interface UseOtpFlowOptions extends OtpFlowSettings, SignInCallbacks {
  /** The session's lifetime after `authenticate`; default 30. */
  sessionDurationMinutes?: number;
}

/** Where to send a passcode: an email address, or an E.164 phone number for `sms` / `whatsapp`. */
export interface OtpDestination {
  method: OtpMethod;
  destination: string;
}

/** What `useOtpFlow` returns. */
export interface UseOtpFlowReturn {
  /**
   * `sent`: a code is waiting to be typed (also when a `<SignIn>` shows OTPAuthenticate with a stored method id).
   * `verifying`: `authenticate` is running. `success`: signed in. `error`: see `error`.
   */
  status: 'idle' | 'sending' | 'sent' | 'verifying' | 'success' | 'error';
  error: LatchkeyFlowError | null;
  method: OtpMethod | null;
  /** The provider's method id of the last code sent. */
  methodId: string | null;
  /** The email address or E.164 number the code went to. */
  destination: string | null;
  /** When the last code expires (epoch ms), for the countdown. */
  expiresAt: number | null;
  /** Validates the destination, then sends a code (login or sign-up). Resolves true once sent. */
  send(destination: OtpDestination): Promise<boolean>;
  /**
   * Sends a new code to the same destination: replaces the method id and restarts `expiresAt`. For a code that
   * verifies the signed-in user's own address (a `<SignIn>`'s `otpState.purpose` is `verifyEmail`), the new code goes
   * there again with the session.
   */
  resend(): Promise<boolean>;
  /** Checks a 6-digit code and signs the user in. Resolves true on success. */
  authenticate(code: string): Promise<boolean>;
  /** Back to `idle` (the store is left alone). */
  reset(): void;
}

interface LocalState {
  status: UseOtpFlowReturn['status'];
  error: LatchkeyFlowError | null;
  method: OtpMethod | null;
  methodId: string | null;
  destination: string | null;
  expiresAt: number | null;
}

const IDLE: LocalState = {
  status: 'idle',
  error: null,
  method: null,
  methodId: null,
  destination: null,
  expiresAt: null,
};

function checkDestination({ method, destination }: OtpDestination): LatchkeyFlowError | null {
  if (method === 'email') {
    return EMAIL_PATTERN.test(destination) ? null : validationError('invalid_email', OTP_INVALID_EMAIL_MESSAGE);
  }
  return E164_PATTERN.test(destination) ? null : validationError('invalid_phone_number', PHONE_NUMBER_INVALID_MESSAGE);
}

async function loginOrCreate(
  ctx: FlowContext,
  { method, destination }: OtpDestination,
  settings: Partial<OtpFlowSettings>,
): Promise<OtpsLoginOrCreateResponse> {
  if (method === 'email') return sendEmailOtp(ctx, destination, settings);
  // Phone codes carry only the number and the expiry.
  const payload = { expiration_minutes: settings.expirationMinutes ?? DEFAULT_OTP_EXPIRATION_MINUTES };
  const response =
    method === 'sms'
      ? await ctx.client.otps.sms.loginOrCreate(destination, payload)
      : await ctx.client.otps.whatsapp.loginOrCreate(destination, payload);
  ctx.emit({ type: 'OTP_LOGIN_OR_CREATE', data: response });
  return response;
}

/**
 * The one-time passcode flow (email, SMS, WhatsApp): `send` → `authenticate(code)`, with `resend`. Emits
 * `OTP_LOGIN_OR_CREATE`, logs `email_sent` for email codes and, inside a `<SignIn>`, moves to OTPAuthenticate
 * and then OTPConfirmation. A screen mounted after the send (the OTP screen) picks up the stored method id.
 */
export function useOtpFlow(options: UseOtpFlowOptions = {}): UseOtpFlowReturn {
  const { onEvent, onError, sessionDurationMinutes, expirationMinutes, loginTemplateId, signupTemplateId, locale } =
    options;
  const ctx = useFlowContext({ onEvent, onError }, OTP_TRANSITIONS);
  const stored = useStoreSlice(ctx.store, (s) => s.formState.otpState, null);
  const isOnOtpScreen = useStoreSlice(ctx.store, (s) => isShowing(s, 'otpSent'), false);
  const hasStoredCode = stored !== null && stored.methodId !== '';
  const settingsOf = useCallback(
    () => resolveOtpSettings(ctx, { expirationMinutes, loginTemplateId, signupTemplateId, locale }),
    [ctx, expirationMinutes, loginTemplateId, signupTemplateId, locale],
  );
  const expiryFromNow = useCallback(
    () => Date.now() + (settingsOf().expirationMinutes ?? DEFAULT_OTP_EXPIRATION_MINUTES) * 60_000,
    [settingsOf],
  );
  // The OTP screen mounts right after the send that another instance made: its countdown starts now.
  const [state, setState] = useState<LocalState>(() =>
    hasStoredCode && isOnOtpScreen ? { ...IDLE, expiresAt: expiryFromNow() } : IDLE,
  );

  // Inside a <SignIn> the store is the source of truth for where the current code went.
  const method = hasStoredCode ? stored.type : state.method;
  const methodId = hasStoredCode ? stored.methodId : state.methodId;
  const destination = hasStoredCode ? stored.otpDestination : state.destination;

  const fail = useCallback(
    (error: LatchkeyFlowError) => {
      setState((previous) => ({ ...previous, status: 'error', error }));
      ctx.fail(error);
      return false;
    },
    [ctx],
  );

  // Late answers: one that comes after a newer call (or `reset`) leaves this hook's state alone, and one that comes
  // after the user left the screen the call started on moves nothing in the store (`watchScreen`).
  const latestCall = useRef(0);
  const startCall = useCallback(() => {
    latestCall.current += 1;
    const id = latestCall.current;
    const watch = watchScreen(ctx.store);
    const isLatest = () => latestCall.current === id;
    return {
      isLatest,
      isCurrent: watch.isCurrent,
      stop: watch.stop,
      fail: (error: LatchkeyFlowError): false => {
        if (isLatest()) setState((previous) => ({ ...previous, status: 'error', error }));
        ctx.fail(error);
        return false;
      },
    };
  }, [ctx]);

  const send = useCallback(
    async (target: OtpDestination): Promise<boolean> => {
      const trimmed = { method: target.method, destination: target.destination.trim() };
      const invalid = checkDestination(trimmed);
      if (invalid) return fail(invalid);
      const call = startCall();
      setState((previous) => ({ ...previous, status: 'sending', error: null }));
      try {
        const response = await loginOrCreate(ctx, trimmed, settingsOf());
        if (call.isLatest()) {
          setState({
            status: 'sent',
            error: null,
            method: trimmed.method,
            methodId: response.method_id,
            destination: trimmed.destination,
            expiresAt: expiryFromNow(),
          });
        }
        if (call.isCurrent()) {
          ctx.dispatch({
            type: 'otpSent',
            otp: { type: trimmed.method, methodId: response.method_id, otpDestination: trimmed.destination },
          });
        }
        return true;
      } catch (caught) {
        return call.fail(toFlowError(caught));
      } finally {
        call.stop();
      }
    },
    [ctx, fail, settingsOf, expiryFromNow, startCall],
  );

  const isVerification = hasStoredCode && stored.purpose === 'verifyEmail';
  const resend = useCallback(async (): Promise<boolean> => {
    if (method === null || destination === null) {
      return fail(NOTHING_SENT);
    }
    const call = startCall();
    setState((previous) => ({ ...previous, status: 'sending', error: null }));
    try {
      const response = isVerification
        ? await ctx.client.otps.email.send(destination, emailOtpPayload(settingsOf()))
        : await loginOrCreate(ctx, { method, destination }, settingsOf());
      if (call.isLatest()) {
        setState({
          status: 'sent',
          error: null,
          method,
          methodId: response.method_id,
          destination,
          expiresAt: expiryFromNow(),
        });
      }
      // The destination travels with the answer: the store takes the method id only for the address still on screen.
      if (call.isCurrent()) {
        ctx.dispatch({ type: 'otpResent', methodId: response.method_id, method, otpDestination: destination });
      }
      return true;
    } catch (caught) {
      return call.fail(toFlowError(caught));
    } finally {
      call.stop();
    }
  }, [ctx, fail, settingsOf, expiryFromNow, method, destination, isVerification, startCall]);

  const authenticate = useCallback(
    async (code: string): Promise<boolean> => {
      // Checked here so a malformed code costs no request (and no guess against the lockout).
      if (!CODE_PATTERN.test(code)) return fail({ type: 'invalid_code', message: OTP_INVALID_CODE_MESSAGE });
      if (methodId === null) return fail(NOTHING_SENT);
      const call = startCall();
      setState((previous) => ({ ...previous, status: 'verifying', error: null }));
      try {
        const response = await ctx.client.otps.authenticate(code, methodId, {
          session_duration_minutes: resolveSessionDuration(ctx, sessionDurationMinutes),
        });
        if (call.isLatest()) setState((previous) => ({ ...previous, status: 'success', error: null }));
        // Signed in (the session exists) even if the screen was left meanwhile; then nothing moves.
        if (call.isCurrent()) {
          // What the provider's pre-hijacking reset removed, if it ran: the success screen says so.
          ctx.authenticated(response, { type: 'otpAuthenticated', accountReset: accountResetOf(response) });
        }
        return true;
      } catch (caught) {
        return call.fail(toFlowError(caught));
      } finally {
        call.stop();
      }
    },
    [ctx, fail, methodId, sessionDurationMinutes, startCall],
  );

  const reset = useCallback(() => {
    latestCall.current += 1;
    setState(IDLE);
  }, []);
  // A second call while the first is in flight (a double click on Continue) sends nothing more.
  const verbs = useSingleFlightVerbs({ send, resend, authenticate });

  const status = state.status === 'idle' && hasStoredCode && isOnOtpScreen ? 'sent' : state.status;
  return {
    status,
    error: state.error,
    method,
    methodId,
    destination,
    expiresAt: state.expiresAt,
    ...verbs,
    reset,
  };
}
