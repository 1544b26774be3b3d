import {
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  useCallback,
  useRef,
  useState,
} from 'react';

/** A passcode has 6 digits. */
export const OTP_CODE_LENGTH = 6;

/** `invalid_code`: a passcode that is not 6 digits. */
export const OTP_INVALID_CODE_MESSAGE = 'Code format is invalid, please try again.';

/** Options of `useOtpCode`. */
export interface UseOtpCodeOptions {
  /** Number of digits. Default 6. */
  length?: number;
  /** Called once all digits are present, again only after the code changed (spec: submitted automatically at 6). */
  onComplete?: (code: string) => void;
  /** Accessible name of each box. Default `Digit ${index + 1} of ${length}`; pass the UI's translated text. */
  getAriaLabel?: (index: number, length: number) => string;
}

/** Props to spread onto the `<input>` of one digit box. */
export interface OtpCodeInputProps {
  ref: (element: HTMLInputElement | null) => void;
  type: 'text';
  value: string;
  inputMode: 'numeric';
  pattern: '[0-9]*';
  /** 'one-time-code' on the first box only, where the browser inserts the code from an SMS. */
  autoComplete: 'one-time-code' | 'off';
  'aria-label': string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
  onFocus: (event: FocusEvent<HTMLInputElement>) => void;
}

/** What `useOtpCode` returns. */
export interface UseOtpCodeReturn {
  /** The code so far: digits only, at most `length`. */
  value: string;
  /** One entry per box: the digit, or '' for an empty box. */
  digits: string[];
  /** Whether all `length` digits are present. */
  isComplete: boolean;
  /** Replaces the code with the digits of `text` (other characters dropped, cut at `length`). */
  setValue: (text: string) => void;
  /** Props for box `index` (0-based): value, handlers, ref, inputMode, autoComplete, aria-label. */
  getInputProps: (index: number) => OtpCodeInputProps;
  /** Empties the code and focuses the first box. */
  clear: () => void;
}

const toDigits = (text: string) => text.replace(/\D/g, '');

/** The passcode boxes: digits only, focus moving box to box, paste and SMS autofill fill all. */
export function useOtpCode(options: UseOtpCodeOptions = {}): UseOtpCodeReturn {
  const { length = OTP_CODE_LENGTH, onComplete, getAriaLabel = defaultAriaLabel } = options;
  const [value, setValueState] = useState('');
  // Handlers read and write the code through a ref: two events can arrive before React re-renders (autofill + input).
  const valueRef = useRef('');
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const refCallbacks = useRef<((element: HTMLInputElement | null) => void)[]>([]);

  const commit = useCallback(
    (text: string) => {
      const next = toDigits(text).slice(0, length);
      if (next === valueRef.current) return;
      valueRef.current = next;
      setValueState(next);
      if (next.length === length) onCompleteRef.current?.(next);
    },
    [length],
  );

  const focusBox = useCallback(
    (index: number) => {
      const box = inputs.current[Math.max(0, Math.min(index, length - 1))];
      box?.focus();
      box?.select();
    },
    [length],
  );

  /** Puts `text`'s digits into the boxes from `index` on; a whole code replaces everything. */
  const insertAt = useCallback(
    (index: number, text: string) => {
      const pasted = toDigits(text);
      if (pasted === '') return;
      const current = valueRef.current;
      const next =
        pasted.length >= length ? pasted : current.slice(0, index) + pasted + current.slice(index + pasted.length);
      commit(next);
      focusBox(Math.min(index + pasted.length, valueRef.current.length, length - 1));
    },
    [commit, focusBox, length],
  );

  const getInputProps = useCallback(
    (index: number): OtpCodeInputProps => {
      refCallbacks.current[index] ??= (element) => {
        inputs.current[index] = element;
      };
      // The boxes hold one contiguous code: a box past the end stands for the next free position.
      const position = () => Math.min(index, valueRef.current.length);
      return {
        ref: refCallbacks.current[index],
        type: 'text',
        value: value[index] ?? '',
        inputMode: 'numeric',
        pattern: '[0-9]*',
        autoComplete: index === 0 ? 'one-time-code' : 'off',
        'aria-label': getAriaLabel(index, length),
        onChange: (event) => {
          const typed = toDigits(event.target.value);
          const at = position();
          const previous = valueRef.current[at] ?? '';
          if (typed === '') {
            // The digit was deleted (Backspace or Delete on a filled box): later digits move up one box.
            commit(valueRef.current.slice(0, at) + valueRef.current.slice(at + 1));
            return;
          }
          if (typed.length === 1 || (typed.length === 2 && previous !== '' && typed.includes(previous))) {
            // One key on a filled box whose caret was not over the digit gives two digits: keep the new one.
            const digit = typed.length === 1 ? typed : typed[0] === previous ? typed[1]! : typed[0]!;
            commit(valueRef.current.slice(0, at) + digit + valueRef.current.slice(at + 1));
            focusBox(at + 1);
            return;
          }
          // Several digits at once: SMS autofill or a paste the browser delivered as input.
          insertAt(at, typed);
        },
        onKeyDown: (event) => {
          if (event.key === 'Backspace' && (valueRef.current[index] ?? '') === '' && index > 0) {
            event.preventDefault();
            const at = Math.min(index - 1, valueRef.current.length - 1);
            if (at >= 0) commit(valueRef.current.slice(0, at) + valueRef.current.slice(at + 1));
            focusBox(at);
          } else if (event.key === 'ArrowLeft') {
            event.preventDefault();
            focusBox(index - 1);
          } else if (event.key === 'ArrowRight') {
            event.preventDefault();
            focusBox(index + 1);
          }
        },
        onPaste: (event) => {
          event.preventDefault();
          insertAt(position(), event.clipboardData.getData('text'));
        },
        onFocus: (event) => {
          if (index > valueRef.current.length) {
            // Boxes fill in order: focusing one past the end goes to the first empty box.
            focusBox(valueRef.current.length);
            return;
          }
          // Selected, so a typed digit replaces the box's digit.
          event.target.select();
        },
      };
    },
    [commit, focusBox, getAriaLabel, insertAt, length, value],
  );

  const setValue = useCallback((text: string) => commit(text), [commit]);

  const clear = useCallback(() => {
    commit('');
    focusBox(0);
  }, [commit, focusBox]);

  return {
    value,
    digits: Array.from({ length }, (_, index) => value[index] ?? ''),
    isComplete: value.length === length,
    setValue,
    getInputProps,
    clear,
  };
}

function defaultAriaLabel(index: number, length: number): string {
  return `Digit ${index + 1} of ${length}`;
}
