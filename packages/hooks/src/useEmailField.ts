import { EMAIL_PATTERN } from '@latchkey/sdk';
import { type ChangeEvent, useCallback, useRef, useState } from 'react';
import { type LatchkeyFlowError, validationError } from './errors';
import { EMAIL_FORMAT_INVALID_MESSAGE } from './validationMessages';

/** Options of `useEmailField`. */
export interface UseEmailFieldOptions {
  /** The value the field starts with. Default ''. */
  defaultValue?: string;
  /** The message shown when `validate()` fails. Default 'Email format is invalid.'. */
  invalidMessage?: string;
  /** Called with the `invalid_email` error each time `validate()` fails (spec: failures go to the error callback). */
  onError?: (error: LatchkeyFlowError) => void;
}

/** Props to spread onto the email `<input>`. */
export interface EmailInputProps {
  type: 'email';
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  required: true;
  autoComplete: 'email';
  'aria-invalid': boolean;
}

/** What `useEmailField` returns. */
export interface UseEmailFieldReturn {
  /** The text in the field. */
  value: string;
  /** Replaces the text; clears a shown error. */
  setValue: (value: string) => void;
  /** The `invalid_email` error of the last failed `validate()`, until the text changes. */
  error: LatchkeyFlowError | null;
  /** Whether the current text matches the email pattern (live, unlike `error`). */
  isValid: boolean;
  /** Checks the text; on failure sets `error`, calls `onError` and returns false. */
  validate: () => boolean;
  /** Props for the `<input>`: type, value, onChange, required, autoComplete, aria-invalid. */
  inputProps: EmailInputProps;
}

/** State and validation of an email input (a local part, @, a domain with a dot, a 2+ letter TLD). */
export function useEmailField(options: UseEmailFieldOptions = {}): UseEmailFieldReturn {
  const { defaultValue = '', invalidMessage = EMAIL_FORMAT_INVALID_MESSAGE, onError } = options;
  const [value, setValueState] = useState(defaultValue);
  const [error, setError] = useState<LatchkeyFlowError | null>(null);
  // validate() may run in the same event as a setValue (autofill then submit), so it reads the latest text.
  const valueRef = useRef(value);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const setValue = useCallback((next: string) => {
    valueRef.current = next;
    setValueState(next);
    setError(null);
  }, []);

  const validate = useCallback((): boolean => {
    // An empty field fails with the same message: the spec gives no separate text for a missing email.
    if (EMAIL_PATTERN.test(valueRef.current)) {
      setError(null);
      return true;
    }
    const failure = validationError('invalid_email', invalidMessage);
    setError(failure);
    onErrorRef.current?.(failure);
    return false;
  }, [invalidMessage]);

  const onChange = useCallback((event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value), [setValue]);

  return {
    value,
    setValue,
    error,
    isValid: EMAIL_PATTERN.test(value),
    validate,
    inputProps: {
      type: 'email',
      value,
      onChange,
      required: true,
      autoComplete: 'email',
      'aria-invalid': error !== null,
    },
  };
}
