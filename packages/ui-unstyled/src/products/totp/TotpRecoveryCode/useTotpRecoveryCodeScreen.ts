import { type LatchkeyFlowError, useTotpFlow } from '@latchkey/hooks';
import { useId, useState } from 'react';

/** What `useTotpRecoveryCodeScreen` returns: the state of the recovery-code screen's parts. */
export interface UseTotpRecoveryCodeScreenReturn {
  /** The field's value. */
  value: string;
  setValue: (value: string) => void;
  /** The code is being checked (Continue shows a spinner; `data-pending`). */
  isSubmitting: boolean;
  /** Sends the recovery code. */
  submit: () => Promise<void>;
  /** The code was refused (malformed, wrong or already used, lockout, expired sign-in). */
  error: LatchkeyFlowError | null;
  /** Ids tying the label, the field and its error together. */
  ids: { input: string; error: string };
  /** 'Use your authenticator app instead': → TotpAuthenticate. */
  switchToApp: () => void;
  /** Back to the code entry (TotpAuthenticate). */
  back: () => void;
}

/** The TotpRecoveryCode screen's state: one field, Continue, and the way back to the app's code. */
export function useTotpRecoveryCodeScreen(): UseTotpRecoveryCodeScreenReturn {
  const [value, setValue] = useState('');
  const flow = useTotpFlow();
  const { recover, setMode } = flow;
  const id = useId();
  return {
    value,
    setValue,
    isSubmitting: flow.status === 'verifying',
    submit: async () => {
      await recover(value);
    },
    error: flow.error,
    ids: { input: `${id}-recovery-code`, error: `${id}-recovery-code-error` },
    switchToApp: () => setMode('code'),
    back: () => setMode('code'),
  };
}
