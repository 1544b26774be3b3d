import { APIUnreachableError, NoSessionError, type TotpsCreateResponse } from '@latchkey/sdk';
import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import type { LatchkeyFlowError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { useFlowContext } from '../../flowContext';
import { useSingleFlightVerbs } from '../../useSingleFlight';
import { toPasskeyLoginError } from '../passkeys/passkeyErrors';
import { formatManualKey, safeQrCodeDataUrl } from './qrCode';
import {
  canProveWithPasskey,
  canProveWithTotp,
  needsSecondFactorProof,
  PROOF_FLIGHT,
  passkeyProof,
  recoveryCodeProof,
  totpCodeProof,
} from './totpCalls';
import { TOTP_NOT_FOUND_MESSAGE, TOTP_QR_UNAVAILABLE_MESSAGE, toTotpError } from './totpErrors';

/** How long a new, unconfirmed TOTP waits for its first code by default (minutes). */
export const DEFAULT_TOTP_ENROLLMENT_MINUTES = 10;

/** Options of `useTotpEnrollment`. */
export interface UseTotpEnrollmentOptions extends SignInCallbacks {
  /** How long the new TOTP waits for its first code; default 10 minutes. */
  expirationMinutes?: number;
  /**
   * The session's lifetime after the first code (or, step `verify`, the code or passkey that proves it) joins it;
   * default the store's `sessionOptions`, else 30.
   */
  sessionDurationMinutes?: number;
}

/**
 * The enrolment's steps: start → scan (QR code, key, first code) → save (recovery codes) → done. Once enrolled,
 * `regenerateRecoveryCodes()` leads to save again (the new codes), and `remove()` back to start; either goes to
 * verify first when the provider wants this session to prove the second factor (a code from the app). Under
 * multi-factor sign-in, `start()` and `confirm()` of a user who holds a passkey go to verify first too, from a session
 * that never proved it (a passkey, or the app's code when she has one).
 */
export type TotpEnrollmentStep = 'start' | 'scan' | 'verify' | 'save' | 'done';

/** The change a `verify` step waits to retry: `remove()`, `regenerateRecoveryCodes()`, `start()` or `confirm(code)`. */
export type TotpEnrollmentPendingChange = 'remove' | 'regenerateRecoveryCodes' | 'start' | 'confirm';

/** What `useTotpEnrollment` returns. */
export interface UseTotpEnrollmentReturn {
  step: TotpEnrollmentStep;
  /**
   * `checking`: fetching the user. `creating`: asking for a secret. `verifying`: checking the first code, or (step
   * `verify`) the code or passkey that proves this session and the change it retries. `removing`: deleting the app.
   * `regenerating`: asking for new recovery codes.
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
  /**
   * Step `verify`: `verifyAndRetry` and `recoverAndRetry` can prove it (the user has a confirmed app; always for
   * `remove` and `regenerateRecoveryCodes`).
   */
  canVerifyWithTotp: boolean;
  /**
   * Step `verify`: `verifyWithPasskeyAndRetry` can prove it: the pending change is `start` or `confirm` (a change to
   * the app itself counts only its own codes) and the user has a passkey.
   */
  canVerifyWithPasskey: boolean;
  /**
   * Checks that a user is signed in, then creates a secret (a pending one is replaced). Resolves true on success. A
   * session that must prove the second factor first, and can, goes to step `verify` instead (resolves false, no error).
   */
  start(): Promise<boolean>;
  /**
   * Confirms the app with its first 6-digit code; resolves true once confirmed (then: save the recovery codes). A
   * session that must prove the second factor first, and can, goes to step `verify` (resolves false, no error), which
   * sends the same code again once proved.
   */
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
  /**
   * Step `verify` with one of the user's passkeys: the browser's passkey prompt on this session
   * (`webauthn.authenticate`, which the provider adds to it), then the same retry. A cancelled or refused prompt stays
   * on the step with `error`; nothing is sent when `canVerifyWithPasskey` is false.
   */
  verifyWithPasskeyAndRetry(): Promise<boolean>;
  /**
   * Step `verify`: gives up the pending change; back to the step it was asked from (the start, the scan step, or the
   * app's management).
   */
  cancelVerification(): void;
}

interface LocalState {
  step: TotpEnrollmentStep;
  status: UseTotpEnrollmentReturn['status'];
  error: LatchkeyFlowError | null;
  created: TotpsCreateResponse | null;
  /** The codes `regenerateRecoveryCodes()` issued (they replace the enrolment's). */
  regenerated: string[] | null;
  /**
   * Step `verify`: the change to retry (with `confirm`'s code), the step it was asked from (where cancelling goes back
   * to) and the ways that prove it.
   */
  pending: {
    change: TotpEnrollmentPendingChange;
    from: TotpEnrollmentStep;
    code?: string;
    ways: { totp: boolean; passkey: boolean };
  } | null;
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

  /**
   * A change failed: to step `verify` when this session must prove the second factor first and can (no error: the
   * step asks for the proof), else the error. A change to the app itself (`remove`, new recovery codes) is proved by
   * its own codes only; a new app (`start`, `confirm`) by the second factor the user holds: the app's code or a
   * passkey. A failure of the retry after a proof goes back to the step the change was asked from, with its error.
   */
  const changeFailed = useCallback(
    (caught: unknown, change: TotpEnrollmentPendingChange, code?: string) => {
      const isNewApp = change === 'start' || change === 'confirm';
      const ways = isNewApp
        ? { totp: canProveWithTotp(ctx), passkey: canProveWithPasskey(ctx) }
        : { totp: true, passkey: false };
      if (needsSecondFactorProof(caught) && (ways.totp || ways.passkey)) {
        setState((previous) => ({
          ...previous,
          step: 'verify',
          status: 'idle',
          error: null,
          pending: {
            change,
            from: previous.pending?.from ?? previous.step,
            ways,
            ...(code === undefined ? {} : { code }),
          },
        }));
        return false;
      }
      setState((previous) =>
        previous.pending ? { ...previous, step: previous.pending.from, pending: null } : previous,
      );
      return fail(toTotpError(caught));
    },
    [ctx, fail],
  );

  /** `start`; `isRetry`: after a proof on step `verify` (the step stays until the secret is there). */
  const create = useCallback(
    async (isRetry: boolean) => {
      if (!isRetry) setState({ ...START, status: 'checking' });
      try {
        // The user is fetched first; without a session the SDK refuses before any request.
        await ctx.client.user.get();
      } catch (caught) {
        if (isRetry) setState((previous) => ({ ...previous, step: 'start', pending: null }));
        return fail(toTotpError(caught instanceof APIUnreachableError ? caught : new NoSessionError()));
      }
      if (!isRetry) setState((previous) => ({ ...previous, status: 'creating' }));
      try {
        const created = await ctx.client.totps.create({
          expiration_minutes: expirationMinutes ?? DEFAULT_TOTP_ENROLLMENT_MINUTES,
        });
        setState({ ...START, step: 'scan', created });
        return true;
      } catch (caught) {
        return changeFailed(caught, 'start');
      }
    },
    [ctx, fail, changeFailed, expirationMinutes],
  );
  const start = useCallback(() => create(false), [create]);

  const confirm = useCallback(
    async (code: string) => {
      const proof = totpCodeProof(ctx, code, sessionDurationMinutes);
      if (typeof proof !== 'function') return fail(proof);
      setState((previous) => ({ ...previous, status: 'verifying', error: null }));
      try {
        await proof();
        setState((previous) => ({ ...previous, step: 'save', status: 'idle', error: null, pending: null }));
        return true;
      } catch (caught) {
        // The provider looks at no code before it refuses the session, so the same code is sent again once proved.
        return changeFailed(caught, 'confirm', code);
      }
    },
    [ctx, fail, changeFailed, sessionDurationMinutes],
  );

  const acknowledge = useCallback(() => setState((previous) => ({ ...previous, step: 'done', error: null })), []);
  const reset = useCallback(() => {
    attempt.current += 1;
    setState(START);
  }, []);

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

  /**
   * Step `verify`: `prove` adds the second factor to this session (a wrong code or a failed passkey stays here, with
   * `toError`'s text), then the retry.
   */
  const proveAndRetry = useCallback(
    async (prove: () => Promise<unknown>, toError: (caught: unknown) => LatchkeyFlowError = toTotpError) => {
      const pending = state.pending;
      if (pending === null) return false;
      const current = ++attempt.current;
      setState((previous) => ({ ...previous, status: 'verifying', error: null }));
      try {
        await prove();
      } catch (caught) {
        if (current !== attempt.current) return false;
        return fail(toError(caught));
      }
      // Cancelled while the code was checked: the session is proved, but the user no longer wants the change.
      if (current !== attempt.current) return false;
      switch (pending.change) {
        case 'remove':
          return remove();
        case 'regenerateRecoveryCodes':
          return regenerateRecoveryCodes();
        case 'start':
          return create(true);
        case 'confirm':
          return confirm(pending.code ?? '');
      }
    },
    [state.pending, fail, remove, regenerateRecoveryCodes, create, confirm],
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

  const verifyWithPasskeyAndRetry = useCallback(async () => {
    if (!state.pending?.ways.passkey) return false;
    return proveAndRetry(passkeyProof(ctx, sessionDurationMinutes), toPasskeyLoginError);
  }, [ctx, state.pending, proveAndRetry, sessionDurationMinutes]);

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
  const verbs = useSingleFlightVerbs(
    {
      start,
      confirm,
      remove,
      regenerateRecoveryCodes,
      verifyAndRetry,
      recoverAndRetry,
      verifyWithPasskeyAndRetry,
    },
    PROOF_FLIGHT,
  );
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
    canVerifyWithTotp: state.step === 'verify' && (state.pending?.ways.totp ?? false),
    canVerifyWithPasskey: state.step === 'verify' && (state.pending?.ways.passkey ?? false),
    ...verbs,
    acknowledge,
    reset,
    cancelVerification,
  };
}
