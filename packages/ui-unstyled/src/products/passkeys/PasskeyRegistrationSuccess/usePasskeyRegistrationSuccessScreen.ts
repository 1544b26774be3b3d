import { type UsePasskeysReturn, useOptionalSignInStore, usePasskeys } from '@latchkey/hooks';
import { useEffect } from 'react';
import { errorText, useMessages } from '../../../messages/index';
import { useToast } from '../../../screens/shared/screenContext';
import { passkeyMessages } from '../messages';

/** What `usePasskeyRegistrationSuccessScreen` returns: the state of the PasskeyRegistrationSuccess parts. */
export interface UsePasskeyRegistrationSuccessScreenReturn
  extends Pick<
    UsePasskeysReturn,
    | 'passkeys'
    | 'editingId'
    | 'isRenaming'
    | 'pendingDeleteId'
    | 'warning'
    | 'startRename'
    | 'cancelRename'
    | 'requestDelete'
    | 'cancelDelete'
  > {
  /** Saves a passkey's new name (a failure shows as an error toast and the old name comes back). */
  rename: (id: string, name: string) => void;
  /** 'Delete' while a delete is pending (a failure shows as an error toast and the passkey comes back). */
  confirmDelete: () => void;
  /** 'Set up another Passkey': back to PasskeyRegistrationStart. */
  setUpAnother: () => void;
  /** 'Done': finishes the passkey flow (emits `AUTHENTICATE_FLOW_COMPLETE` to the host). */
  done: () => void;
}

/**
 * The PasskeyRegistrationSuccess screen's state: `usePasskeys` for the list,
 * inline rename and pending delete; rename and delete failures as error toasts.
 */
export function usePasskeyRegistrationSuccessScreen(): UsePasskeyRegistrationSuccessScreenReturn {
  const list = usePasskeys();
  const store = useOptionalSignInStore();
  const toaster = useToast();
  const t = useMessages(passkeyMessages);
  const { error } = list;
  useEffect(() => {
    if (error) toaster.show({ type: 'error', message: errorText(t, error) });
  }, [error, toaster, t]);
  return {
    ...list,
    rename: (id, name) => void list.rename(id, name),
    confirmDelete: () => void list.confirmDelete(),
    setUpAnother: () => store?.getState().navigate('PasskeyRegistrationStart'),
    done: () => store?.getState().callbacks.onEvent?.({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: {} }),
  };
}
