import type { WebAuthnRegistration } from '@latchkey/sdk';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { useFlowContext } from '../../flowContext';
import { useLatchkeyQueryClient } from '../../useLatchkeyQueryClient';
import { useSession } from '../../useSession';
import { PASSKEY_DELETE_WARNING } from './passkeyErrors';
import { passkeysQueryKeys, passkeysQueryOptions } from './queryOptions';

/** Options of `usePasskeys`: `onError` hears rename and delete failures (the store's too, inside a `<SignIn>`). */
export type UsePasskeysOptions = Pick<SignInCallbacks, 'onError'>;

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
  /** The last rename or delete failure (the kit shows it as an error toast), or null. */
  error: LatchkeyFlowError | null;
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
  /** 'Delete': removes the pending passkey from the list at once, clears the error, then asks the provider. */
  confirmDelete(): Promise<boolean>;
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
  const [error, setError] = useState<LatchkeyFlowError | null>(null);

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

  const startRename = useCallback((id: string) => {
    setEditingId(id);
    setPendingDeleteId(null);
  }, []);
  const cancelRename = useCallback(() => setEditingId(null), []);

  const rename = useCallback(
    async (id: string, name: string) => {
      const previous = names[id];
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
        return report(caught);
      } finally {
        setSavingCount((count) => count - 1);
      }
    },
    [ctx, names, report],
  );

  const requestDelete = useCallback((id: string) => {
    setPendingDeleteId(id);
    setEditingId(null);
  }, []);
  const cancelDelete = useCallback(() => setPendingDeleteId(null), []);

  const confirmDelete = useCallback(async () => {
    const id = pendingDeleteId;
    if (id === null) return false;
    setPendingDeleteId(null);
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
      return report(caught);
    }
  }, [ctx, pendingDeleteId, report]);

  return {
    passkeys,
    status,
    editingId,
    isRenaming: editingId !== null || savingCount > 0,
    pendingDeleteId,
    warning: pendingDeleteId === null ? null : PASSKEY_DELETE_WARNING,
    error,
    startRename,
    cancelRename,
    rename,
    requestDelete,
    cancelDelete,
    confirmDelete,
  };
}
