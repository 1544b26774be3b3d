import { APIUnreachableError, NoSessionError, type TotpsCreateResponse } from '@latchkey/sdk';
import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import type { LatchkeyFlowError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { useFlowContext } from '../../flowContext';
import { useSingleFlightVerbs } from '../../useSingleFlight';
import { formatManualKey, safeQrCodeDataUrl } from './qrCode';
import { needsSecondFactorProof, recoveryCodeProof, totpCodeProof } from './totpCalls';
import { TOTP_NOT_FOUND_MESSAGE, TOTP_QR_UNAVAILABLE_MESSAGE, toTotpError } from './totpErrors';

/** How long a new, unconfirmed TOTP waits for its first code by default (minutes). */
export const DEFAULT_TOTP_ENROLLMENT_MINUTES = 10;

/** Options of `useTotpEnrollment`. */
export interface UseTotpEnrollmentOptions extends SignInCallbacks {
  /** How long the new TOTP waits for its first code; default 10 minutes. */
  expirationMinutes?: number;
  /** The session's lifetime after the first code joins it; default the store's `sessionOptions`, else 30. */
  sessionDurationMinutes?: number;
}

/**
 * The enrolment's steps: start → scan (QR code, key, first code) → save (recovery codes) → done. Once enrolled,
 * `regenerateRecoveryCodes()` leads to save again (the new codes), and `remove()` back to start; either goes to
 * verify first when the provider wants this session to prove the second factor (a code from the app).
 */
export type TotpEnrollmentStep = 'start' | 'scan' | 'verify' | 'save' | 'done';

/** The change a `verify` step waits to retry: `remove()` or `regenerateRecoveryCodes()`. */
export type TotpEnrollmentPendingChange = 'remove' | 'regenerateRecoveryCodes';

/** What `useTotpEnrollment` returns. */
export interface UseTotpEnrollmentReturn {
  step: TotpEnrollmentStep;
  /**
   * `checking`: fetching the user. `creating`: asking for a secret. `verifying`: checking the first code, or (step
   * `verify`) the code that proves this session. `removing`: deleting the app. `regenerating`: asking for new
   * recovery codes.
   */
  status: 'idle' | 'checking' | 'creating' | 'verifying' | 'removing' | 'regenerating' | 'error';
  /** Why the last step failed, with a text to show. */
  error: LatchkeyFlowError | null;
  /** A user is signed in (from the SDK's session; `start` checks it again by fetching the user). */
  hasUser: boolean;
  /** The user already has a confirmed authenticator app. */
  isEnrolled: boolean;
  /** The QR code as a PNG or SVG data URL, checked; null before `start` or when the provider's is not one. */
  qrCode: string | null;
  /** Set when the provider's QR code was refused (the manual key still works). */
  qrCodeError: string | null;
  /** The secret for manual entry, in groups of four; '' before `start`. */
  manualKey: string;
  /** The secret as the provider sent it (for copying). */
  secret: string;
  /** The `otpauth://` URI, when the provider sent one (a link a phone's app can open). */
  otpauthUri: string | null;
  /**
   * The recovery codes to save (shown once: the provider keeps only their hashes): the enrolment's, or the new set
   * of `regenerateRecoveryCodes()`.
   */
  recoveryCodes: string[];
  /** The recovery codes as a text file's content, one a line. */
  recoveryCodesText: string;
  /** The change step `verify` retries once this session proved the second factor; null on the other steps. */
  pendingChange: TotpEnrollmentPendingChange | null;
  /** Checks that a user is signed in, then creates a secret (a pending one is replaced). Resolves true on success. */
  start(): Promise<boolean>;
  /** Confirms the app with its first 6-digit code; resolves true once confirmed (then: save the recovery codes). */
  confirm(code: string): Promise<boolean>;
  /** 'I have saved these codes': the enrolment is done. */
  acknowledge(): void;
  /** Back to the start (a new `start` replaces an unconfirmed secret). */
  reset(): void;
  /**
   * Removes the user's authenticator app (`DELETE /users/totps/{id}`) and its recovery codes; back to the start step,
   * not enrolled. Resolves true once removed. Ask the user to confirm first: sign-in stops asking for its codes.
   * A session that never proved the second factor goes to step `verify` instead (resolves false, no error).
   */
  remove(): Promise<boolean>;
  /**
   * Issues a fresh set of recovery codes (`POST /totps/recovery_codes`; the earlier codes stop working) and shows
   * them in the save step. Resolves true once issued. A session that never proved the second factor goes to step
   * `verify` instead (resolves false, no error).
   */
  regenerateRecoveryCodes(): Promise<boolean>;
  /**
   * Step `verify`: proves the second factor on this session with a 6-digit code from the app (`totps.authenticate`),
   * then retries `pendingChange` and goes where it goes. Resolves true once the change is made; a wrong code stays on
   * the step with `error`.
   */
  verifyAndRetry(code: string): Promise<boolean>;
  /** Step `verify` with a recovery code instead (`totps.recover`; each code works once), then the same retry. */
  recoverAndRetry(recoveryCode: string): Promise<boolean>;
  /** Step `verify`: gives up the pending change; back to the step it was asked from (the app's management). */
  cancelVerification(): void;
}

interface LocalState {
  step: TotpEnrollmentStep;
  status: UseTotpEnrollmentReturn['status'];
  error: LatchkeyFlowError | null;
  created: TotpsCreateResponse | null;
  /** The codes `regenerateRecoveryCodes()` issued (they replace the enrolment's). */
  regenerated: string[] | null;
  /** Step `verify`: the change to retry, and the step it was asked from (where cancelling goes back to). */
  pending: { change: TotpEnrollmentPendingChange; from: TotpEnrollmentStep } | null;
}

const START: LocalState = {
  step: 'start',
  status: 'idle',
  error: null,
  created: null,
  regenerated: null,
  pending: null,
};

/**
 * Enrols an authenticator app for the signed-in user: `start()` creates a secret (QR code, manual key, otpauth URI,
 * recovery codes), `confirm(code)` proves the app with its first code, `acknowledge()` once the recovery codes are
 * saved. Failures go to `onError` (and the store's) with the text to show.
 */
export function useTotpEnrollment(options: UseTotpEnrollmentOptions = {}): UseTotpEnrollmentReturn {
  const { onEvent, onError, expirationMinutes, sessionDurationMinutes } = options;
  const ctx = useFlowContext({ onEvent, onError });
  const [state, setState] = useState<LocalState>(START);
  // Bumped by `cancelVerification` and `reset`: a code answered after them retries nothing (Back on "Confirm it's
  // you" while the code is checked must not remove the app, or replace the saved recovery codes, after all).
  const attempt = useRef(0);
  const user = useSyncExternalStore(
    ctx.client.session.subscribe,
    () => ctx.client.session.getSnapshot().user,
    // The server's user (the client's initialSession), on the server and while hydrating its HTML.
    () => ctx.client.session.getServerSnapshot().user,
  );

  const fail = useCallback(
    (error: LatchkeyFlowError) => {
      setState((previous) => ({ ...previous, status: 'error', error }));
      ctx.fail(error);
      return false;
    },
    [ctx],
  );

  const start = useCallback(async () => {
    setState({ ...START, status: 'checking' });
    try {
      // The user is fetched first; without a session the SDK refuses before any request.
      await ctx.client.user.get();
    } catch (caught) {
      return fail(toTotpError(caught instanceof APIUnreachableError ? caught : new NoSessionError()));
    }
    setState((previous) => ({ ...previous, status: 'creating' }));
    try {
      const created = await ctx.client.totps.create({
        expiration_minutes: expirationMinutes ?? DEFAULT_TOTP_ENROLLMENT_MINUTES,
      });
      setState({ ...START, step: 'scan', created });
      return true;
    } catch (caught) {
      return fail(toTotpError(caught));
    }
  }, [ctx, fail, expirationMinutes]);

  const confirm = useCallback(
    async (code: string) => {
      const proof = totpCodeProof(ctx, code, sessionDurationMinutes);
      if (typeof proof !== 'function') return fail(proof);
      setState((previous) => ({ ...previous, status: 'verifying', error: null }));
      try {
        await proof();
        setState((previous) => ({ ...previous, step: 'save', status: 'idle', error: null }));
        return true;
      } catch (caught) {
        return fail(toTotpError(caught));
      }
    },
    [ctx, fail, sessionDurationMinutes],
  );

  const acknowledge = useCallback(() => setState((previous) => ({ ...previous, step: 'done', error: null })), []);
  const reset = useCallback(() => {
    attempt.current += 1;
    setState(START);
  }, []);

  /**
   * A change to the app (`remove`, new recovery codes) failed: to step `verify` when this session must prove the
   * second factor first (no error: the step asks for the code), else the error. A failure of the retry after a
   * proved code goes back to the step the change was asked from, with its error.
   */
  const changeFailed = useCallback(
    (caught: unknown, change: TotpEnrollmentPendingChange) => {
      if (needsSecondFactorProof(caught)) {
        setState((previous) => ({
          ...previous,
          step: 'verify',
          status: 'idle',
          error: null,
          pending: { change, from: previous.pending?.from ?? previous.step },
        }));
        return false;
      }
      setState((previous) =>
        previous.pending ? { ...previous, step: previous.pending.from, pending: null } : previous,
      );
      return fail(toTotpError(caught));
    },
    [fail],
  );

  const remove = useCallback(async () => {
    const totpId = ctx.client.user.getSync()?.totps?.[0]?.totp_id;
    setState((previous) => ({ ...previous, status: 'removing', error: null }));
    if (totpId === undefined) return fail({ type: 'totp_not_found', message: TOTP_NOT_FOUND_MESSAGE });
    try {
      // The answer's user (without the app) replaces the stored one, so `isEnrolled` turns false.
      await ctx.client.user.deleteTOTP(totpId);
      setState(START);
      return true;
    } catch (caught) {
      return changeFailed(caught, 'remove');
    }
  }, [ctx, fail, changeFailed]);

  const regenerateRecoveryCodes = useCallback(async () => {
    setState((previous) => ({ ...previous, status: 'regenerating', error: null }));
    try {
      const answer = await ctx.client.totps.recoveryCodes();
      setState({ ...START, step: 'save', regenerated: answer.totps.recovery_codes });
      return true;
    } catch (caught) {
      return changeFailed(caught, 'regenerateRecoveryCodes');
    }
  }, [ctx, changeFailed]);

  /** Step `verify`: `prove` adds the second factor to this session (a wrong code stays here), then the retry. */
  const proveAndRetry = useCallback(
    async (prove: () => Promise<unknown>) => {
      const change = state.pending?.change;
      if (change === undefined) return false;
      const current = ++attempt.current;
      setState((previous) => ({ ...previous, status: 'verifying', error: null }));
      try {
        await prove();
      } catch (caught) {
        if (current !== attempt.current) return false;
        return fail(toTotpError(caught));
      }
      // Cancelled while the code was checked: the session is proved, but the user no longer wants the change.
      if (current !== attempt.current) return false;
      return change === 'remove' ? remove() : regenerateRecoveryCodes();
    },
    [state.pending, fail, remove, regenerateRecoveryCodes],
  );

  const verifyAndRetry = useCallback(
    async (code: string) => {
      const proof = totpCodeProof(ctx, code, sessionDurationMinutes);
      return typeof proof === 'function' ? proveAndRetry(proof) : fail(proof);
    },
    [ctx, fail, proveAndRetry, sessionDurationMinutes],
  );

  const recoverAndRetry = useCallback(
    async (recoveryCode: string) => {
      const proof = recoveryCodeProof(ctx, recoveryCode, sessionDurationMinutes);
      return typeof proof === 'function' ? proveAndRetry(proof) : fail(proof);
    },
    [ctx, fail, proveAndRetry, sessionDurationMinutes],
  );

  const cancelVerification = useCallback(() => {
    attempt.current += 1;
    setState((previous) =>
      previous.pending
        ? { ...previous, step: previous.pending.from, status: 'idle', error: null, pending: null }
        : previous,
    );
  }, []);

  const created = state.created;
  const qrCode = created ? safeQrCodeDataUrl(created.qr_code) : null;
  const otpauthUri = (created as { otpauth_uri?: unknown } | null)?.otpauth_uri;
  const recoveryCodes = state.regenerated ?? created?.recovery_codes ?? [];
  // A second call while the first is in flight (a double click) sends nothing more.
  const verbs = useSingleFlightVerbs({
    start,
    confirm,
    remove,
    regenerateRecoveryCodes,
    verifyAndRetry,
    recoverAndRetry,
  });
  return {
    step: state.step,
    status: state.status,
    error: state.error,
    hasUser: user !== null,
    isEnrolled: user?.totps?.some((totp) => totp.verified) ?? false,
    qrCode,
    qrCodeError: created && qrCode === null ? TOTP_QR_UNAVAILABLE_MESSAGE : null,
    manualKey: created ? formatManualKey(created.secret) : '',
    secret: created?.secret ?? '',
    otpauthUri: typeof otpauthUri === 'string' && otpauthUri.startsWith('otpauth://') ? otpauthUri : null,
    recoveryCodes,
    recoveryCodesText: recoveryCodes.length > 0 ? `${recoveryCodes.join('\n')}\n` : '',
    pendingChange: state.step === 'verify' ? (state.pending?.change ?? null) : null,
    ...verbs,
    acknowledge,
    reset,
    cancelVerification,
  };
}
