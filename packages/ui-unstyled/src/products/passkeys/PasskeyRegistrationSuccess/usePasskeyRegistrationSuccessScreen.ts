import { type UsePasskeysReturn, useOptionalSignInStore, usePasskeys } from '@latchkey/hooks';
import { useEffect, useSyncExternalStore } from 'react';
import { errorText, useMessages } from '../../../messages/index';
import { useToast } from '../../../screens/shared/screenContext';
import type { SessionVerificationSource } from '../../totp/SessionVerification/useSessionVerification';
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
  /**
   * The passkey that 'Create a Passkey' just made is in the list: the title reads 'Passkey successfully created!'.
   * False after 'Skip' and once that passkey is deleted: the title reads 'Existing Passkeys' (`data-created` on
   * the title when true).
   */
  isCreated: boolean;
  /** The list is loaded and holds no passkey (after 'Skip' with none, or once the last one is deleted). */
  isEmpty: boolean;
  /** A passkey's creation date for display ('Nov 29, 2026'), or null when the provider sent none. */
  formatCreated: (passkey: { created_at?: string }) => string | null;
  /** Saves a passkey's new name (a failure shows as an error toast and the old name comes back). */
  rename: (id: string, name: string) => void;
  /** 'Delete' while a delete is pending (a failure shows as an error toast and the passkey comes back). */
  confirmDelete: () => void;
  /** 'Set up another Passkey': back to PasskeyRegistrationStart. */
  setUpAnother: () => void;
  /** 'Done': finishes the passkey flow (emits `AUTHENTICATE_FLOW_COMPLETE` to the host). */
  done: () => void;
  /**
   * Under multi-factor sign-in, when this session must prove the second factor before a passkey is deleted (or
   * renamed): the verify step ("Confirm it's you", a code from the authenticator app, a recovery code or a passkey) in place of
   * the list, which then makes the change. Null otherwise.
   */
  verification: SessionVerificationSource | null;
}

/**
 * The PasskeyRegistrationSuccess screen's state: `usePasskeys` for the list,
 * inline rename and pending delete; rename and delete failures as error toasts.
 */
export function usePasskeyRegistrationSuccessScreen(): UsePasskeyRegistrationSuccessScreenReturn {
  const list = usePasskeys();
  const store = useOptionalSignInStore();
  const createdId = useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    () => store?.getState().formState.passkeyCreatedId ?? null,
    () => null,
  );
  const toaster = useToast();
  const t = useMessages(passkeyMessages);
  const { error, step } = list;
  // The verify step shows its own error (a refused code) in its live region, not as a toast.
  useEffect(() => {
    if (error && step === 'list') toaster.show({ type: 'error', message: errorText(t, error) });
  }, [error, step, toaster, t]);
  return {
    ...list,
    isCreated: createdId !== null && list.passkeys.some((passkey) => passkey.webauthn_registration_id === createdId),
    isEmpty: list.status === 'success' && list.passkeys.length === 0,
    formatCreated,
    rename: (id, name) => void list.rename(id, name),
    confirmDelete: () => void list.confirmDelete(),
    setUpAnother: () => store?.getState().navigate('PasskeyRegistrationStart'),
    done: () => store?.getState().callbacks.onEvent?.({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: {} }),
    verification:
      step === 'verify'
        ? {
            error,
            isVerifying: list.isVerifying,
            verifyAndRetry: list.verifyAndRetry,
            recoverAndRetry: list.recoverAndRetry,
            canVerifyWithTotp: list.canVerifyWithTotp,
            canVerifyWithPasskey: list.canVerifyWithPasskey,
            verifyWithPasskeyAndRetry: list.verifyWithPasskeyAndRetry,
            cancelVerification: list.cancelVerification,
          }
        : null,
  };
}

const noSubscription = () => () => {};

/** The date part of `created_at` in the page's language, medium length; null when absent or not a date. */
function formatCreated(passkey: { created_at?: string }): string | null {
  if (passkey.created_at === undefined) return null;
  const date = new Date(passkey.created_at);
  if (Number.isNaN(date.getTime())) return null;
  const language = typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
  }
}
