import type { WebAuthnRegistration } from '@latchkey/sdk';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { useFlowContext } from '../../flowContext';
import { useLatchkeyQueryClient } from '../../useLatchkeyQueryClient';
import { useSession } from '../../useSession';
import { useSingleFlightVerbs } from '../../useSingleFlight';
import {
  canProveWithPasskey,
  canProveWithTotp,
  needsSecondFactorProof,
  PROOF_FLIGHT,
  passkeyProof,
  recoveryCodeProof,
  type TotpProof,
  totpCodeProof,
} from '../totp/totpCalls';
import { toTotpError } from '../totp/totpErrors';
import { PASSKEY_DELETE_WARNING, toPasskeyLoginError } from './passkeyErrors';
import { passkeysQueryKeys, passkeysQueryOptions } from './queryOptions';

/** Options of `usePasskeys`: `onError` hears rename and delete failures (the store's too, inside a `<SignIn>`). */
export interface UsePasskeysOptions extends Pick<SignInCallbacks, 'onError'> {
  /** The session's lifetime after a code or a passkey proves the second factor (step `verify`); default the store's, else 30. */
  sessionDurationMinutes?: number;
}

/** The change step `verify` waits to retry: the delete of a passkey, or its rename. */
export type PasskeyPendingChange = { change: 'delete'; id: string } | { change: 'rename'; id: string; name: string };

/** What `usePasskeys` returns. */
export interface UsePasskeysReturn {
  /**
   * The signed-in user's passkeys ('Existing Passkeys'), oldest first, with local renames and deletes applied at
   * once. Each has its `name` and, from Latchkey's provider, `created_at` (ISO 8601).
   */
  passkeys: WebAuthnRegistration[];
  /** The list's fetch status (`passkeysQueryOptions`). */
  status: 'pending' | 'success' | 'error';
  /** The passkey whose name is being edited inline, or null. */
  editingId: string | null;
  /** A rename is being edited or saved ('Set up another Passkey' and 'Done' are disabled meanwhile). */
  isRenaming: boolean;
  /** The passkey waiting for 'Delete' or 'Cancel' (only those two show meanwhile), or null. */
  pendingDeleteId: string | null;
  /** 'Once deleted, the passkey cannot be restored.' while a delete is pending, else null. */
  warning: string | null;
  /**
   * The last rename or delete failure (the kit shows it as an error toast), or null; on step `verify`, why the last
   * code was refused (the TOTP product's text) or the passkey failed (the passkey sign-in's text).
   */
  error: LatchkeyFlowError | null;
  /**
   * `list`: the passkeys. `verify`: under multi-factor sign-in, the provider wants this session to prove the second
   * factor before the change in `pendingChange` (a code from the authenticator app, a recovery code, or one of the
   * user's passkeys: `canVerifyWithTotp`, `canVerifyWithPasskey`).
   */
  step: 'list' | 'verify';
  /** Step `verify`: the code is being checked (or the passkey's ceremony runs), then the change runs again. */
  isVerifying: boolean;
  /** Step `verify`: the user has a confirmed authenticator app, so `verifyAndRetry` and `recoverAndRetry` can prove it. */
  canVerifyWithTotp: boolean;
  /** Step `verify`: the user has a passkey (or security key), so `verifyWithPasskeyAndRetry` can prove it. */
  canVerifyWithPasskey: boolean;
  /** The change step `verify` retries once this session proved the second factor; null on step `list`. */
  pendingChange: PasskeyPendingChange | null;
  /** Opens the inline editor of a passkey's name. */
  startRename(id: string): void;
  /** Closes the inline editor without saving. */
  cancelRename(): void;
  /** Saves a name: shown at once, then `PUT /webauthn/update/{id}`; put back if the provider refuses. */
  rename(id: string, name: string): Promise<boolean>;
  /** Chooses delete: sets the pending-delete id and the warning. */
  requestDelete(id: string): void;
  /** 'Cancel': the passkey stays. */
  cancelDelete(): void;
  /**
   * 'Delete': removes the pending passkey from the list at once, clears the error, then asks the provider. A session
   * that must prove the second factor first puts the passkey back and goes to step `verify` (resolves false, no error).
   */
  confirmDelete(): Promise<boolean>;
  /**
   * Step `verify`: proves the second factor on this session with a 6-digit code from the authenticator app
   * (`totps.authenticate`), then retries `pendingChange`. Resolves true once the change is made; a wrong code stays
   * on the step with `error`.
   */
  verifyAndRetry(code: string): Promise<boolean>;
  /** Step `verify` with a recovery code instead (`totps.recover`; each code works once), then the same retry. */
  recoverAndRetry(recoveryCode: string): Promise<boolean>;
  /**
   * Step `verify` with one of the user's passkeys instead: the browser's passkey prompt on this session
   * (`webauthn.authenticate`, which the provider adds to it), then the same retry. A cancelled or refused prompt stays
   * on the step with `error`; nothing is sent when `canVerifyWithPasskey` is false.
   */
  verifyWithPasskeyAndRetry(): Promise<boolean>;
  /** Step `verify`: gives up the pending change; back to the list (a code still being checked changes nothing). */
  cancelVerification(): void;
}

/**
 * The signed-in user's passkeys: the list, inline
 * rename, and delete with a pending-delete state.
 */
export function usePasskeys(options: UsePasskeysOptions = {}): UsePasskeysReturn {
  const ctx = useFlowContext({ onError: options.onError });
  const queryClient = useLatchkeyQueryClient();
  // A plain boolean, as in useUser: react-query fetches when the value it compares turns true.
  const hasSession = useSession((snapshot) => snapshot.session !== null);
  const query = useQuery({ ...passkeysQueryOptions(ctx.client), enabled: hasSession }, queryClient);
  const { status } = query;
  useEffect(
    // A new passkey, a delete, a sign-in or sign-out replaces the user the client holds, and with it the list.
    () =>
      ctx.client.user.onChange((user) =>
        queryClient.setQueryData(passkeysQueryKeys.passkeys, user?.webauthn_registrations ?? []),
      ),
    [ctx.client, queryClient],
  );
  const [names, setNames] = useState<Readonly<Record<string, string>>>({});
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [editingId, setEditingId] = useState<string | null>(null);
  const [savingCount, setSavingCount] = useState(0);
  const [pendingDeleteId, setPendingDeleteId] = useState<string | null>(null);
  // The passkey whose deletion waits for its confirmation, read and cleared at once by `confirmDelete`: a second
  // confirmation before the next render (a double click) finds none and sends nothing.
  const pendingDelete = useRef<string | null>(null);
  const [error, setError] = useState<LatchkeyFlowError | null>(null);
  const [pendingChange, setPendingChange] = useState<PasskeyPendingChange | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);
  // Which ways step `verify` offers, read from the user when the provider refused the change.
  const [ways, setWays] = useState({ totp: false, passkey: false });
  // Bumped by `cancelVerification`: a proof answered after it retries nothing.
  const attempt = useRef(0);

  const passkeys = useMemo(
    () =>
      (query.data ?? [])
        .filter((item) => !deleted.has(item.webauthn_registration_id))
        .map((item) => {
          const name = names[item.webauthn_registration_id];
          return name === undefined ? item : { ...item, name };
        }),
    [query.data, names, deleted],
  );

  const report = useCallback(
    (caught: unknown) => {
      const flowError = toFlowError(caught);
      setError(flowError);
      ctx.fail(flowError);
      return false;
    },
    [ctx],
  );

  /**
   * A rename or delete failed (its local change already undone): to step `verify` when this session must prove the
   * second factor first and can, with the authenticator app or a passkey (no error: the step asks for the proof), else
   * the error, back on the list.
   */
  const changeFailed = useCallback(
    (caught: unknown, change: PasskeyPendingChange) => {
      const canProve = { totp: canProveWithTotp(ctx), passkey: canProveWithPasskey(ctx) };
      if (needsSecondFactorProof(caught) && (canProve.totp || canProve.passkey)) {
        setWays(canProve);
        setPendingChange(change);
        return false;
      }
      setPendingChange(null);
      return report(caught);
    },
    [ctx, report],
  );

  const startRename = useCallback((id: string) => {
    setEditingId(id);
    pendingDelete.current = null;
    setPendingDeleteId(null);
  }, []);
  const cancelRename = useCallback(() => setEditingId(null), []);

  // Renames in flight, by passkey and name: the same rename again (Enter pressed twice) gets the running call's
  // promise and sends nothing; another passkey's rename is not held up.
  const renaming = useRef(new Map<string, Promise<boolean>>());
  const rename = useCallback(
    (id: string, name: string): Promise<boolean> => {
      const key = `${id}\n${name}`;
      const running = renaming.current.get(key);
      if (running) return running;
      const previous = names[id];
      const call = (async () => {
        setNames((current) => ({ ...current, [id]: name }));
        setEditingId(null);
        setError(null);
        setSavingCount((count) => count + 1);
        try {
          await ctx.client.webauthn.update({ webauthn_registration_id: id, name });
          return true;
        } catch (caught) {
          setNames((current) => {
            const { [id]: _renamed, ...rest } = current;
            return previous === undefined ? rest : { ...rest, [id]: previous };
          });
          return changeFailed(caught, { change: 'rename', id, name });
        } finally {
          setSavingCount((count) => count - 1);
          renaming.current.delete(key);
        }
      })();
      renaming.current.set(key, call);
      return call;
    },
    [ctx, names, changeFailed],
  );

  const requestDelete = useCallback((id: string) => {
    pendingDelete.current = id;
    setPendingDeleteId(id);
    setEditingId(null);
  }, []);
  const cancelDelete = useCallback(() => {
    pendingDelete.current = null;
    setPendingDeleteId(null);
  }, []);

  /** Deletes `id` at once from the list, then asks the provider; the passkey comes back if it refuses. */
  const deletePasskey = useCallback(
    async (id: string) => {
      setDeleted((current) => new Set(current).add(id));
      setError(null);
      try {
        await ctx.client.user.deleteWebauthnRegistration(id);
        return true;
      } catch (caught) {
        setDeleted((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        });
        return changeFailed(caught, { change: 'delete', id });
      }
    },
    [ctx, changeFailed],
  );

  const confirmDelete = useCallback(async () => {
    const id = pendingDelete.current;
    if (id === null) return false;
    pendingDelete.current = null;
    setPendingDeleteId(null);
    return deletePasskey(id);
  }, [deletePasskey]);

  /**
   * Step `verify`: the proof (a wrong code or a failed passkey stays on the step with its error, `toError`'s text),
   * then the pending change once more.
   */
  const proveAndRetry = useCallback(
    async (proof: TotpProof | (() => Promise<unknown>), toError: (caught: unknown) => LatchkeyFlowError) => {
      const change = pendingChange;
      if (change === null) return false;
      if (typeof proof !== 'function') {
        setError(proof);
        ctx.fail(proof);
        return false;
      }
      const current = ++attempt.current;
      setIsVerifying(true);
      setError(null);
      try {
        await proof();
      } catch (caught) {
        if (current !== attempt.current) return false;
        setIsVerifying(false);
        const flowError = toError(caught);
        setError(flowError);
        ctx.fail(flowError);
        return false;
      }
      // Cancelled while the code was checked: the session is proved, but the user dropped the change.
      if (current !== attempt.current) return false;
      const isDone = await (change.change === 'delete' ? deletePasskey(change.id) : rename(change.id, change.name));
      if (current !== attempt.current) return isDone;
      setIsVerifying(false);
      if (isDone) setPendingChange(null);
      return isDone;
    },
    [ctx, pendingChange, deletePasskey, rename],
  );

  const verifyAndRetry = useCallback(
    (code: string) => proveAndRetry(totpCodeProof(ctx, code, options.sessionDurationMinutes), toTotpError),
    [ctx, options.sessionDurationMinutes, proveAndRetry],
  );
  const recoverAndRetry = useCallback(
    (recoveryCode: string) =>
      proveAndRetry(recoveryCodeProof(ctx, recoveryCode, options.sessionDurationMinutes), toTotpError),
    [ctx, options.sessionDurationMinutes, proveAndRetry],
  );
  const verifyWithPasskeyAndRetry = useCallback(async () => {
    if (!ways.passkey) return false;
    return proveAndRetry(passkeyProof(ctx, options.sessionDurationMinutes), toPasskeyLoginError);
  }, [ctx, ways.passkey, options.sessionDurationMinutes, proveAndRetry]);
  const cancelVerification = useCallback(() => {
    attempt.current += 1;
    setPendingChange(null);
    setIsVerifying(false);
    setError(null);
  }, []);

  // A second call while the first is in flight (a double click on Continue or 'Use a passkey') checks one code, or
  // runs one ceremony.
  // The three ways to prove the step are one flight: a recovery code typed while the passkey prompt is open is not spent.
  const verbs = useSingleFlightVerbs({ verifyAndRetry, recoverAndRetry, verifyWithPasskeyAndRetry }, PROOF_FLIGHT);

  return {
    passkeys,
    status,
    editingId,
    isRenaming: editingId !== null || savingCount > 0,
    pendingDeleteId,
    warning: pendingDeleteId === null ? null : PASSKEY_DELETE_WARNING,
    error,
    step: pendingChange === null ? 'list' : 'verify',
    isVerifying,
    canVerifyWithTotp: pendingChange !== null && ways.totp,
    canVerifyWithPasskey: pendingChange !== null && ways.passkey,
    pendingChange,
    startRename,
    cancelRename,
    rename,
    requestDelete,
    cancelDelete,
    confirmDelete,
    ...verbs,
    cancelVerification,
  };
}
