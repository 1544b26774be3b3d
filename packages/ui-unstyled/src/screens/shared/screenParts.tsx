// biome-ignore-all lint/correctness/noComponentHookFactories: every factory here runs once, at module level, never during a render, so each component keeps a stable identity.
// Internal: parts every kind of screen makes the same way (a message heading, the back arrow, the error, the screen
// component with its statics). Not exported from the package: each screen file re-exports them under its own public
// names.
import { forwardRef, type JSX, type Provider, type Ref } from 'react';
import { BackButton, type BackButtonProps } from '../../components/BackButton';
import { ErrorMessage, type ErrorMessageProps, type ErrorMessageValue } from '../../components/ErrorMessage';
import { type Catalogue, type MessageId, useMessages } from '../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../primitives/createPart';

/**
 * A part rendering one `tag` element whose default content is the message `messageId`, looked up in the main
 * catalogue or in `catalogue` (the part of the catalogue its product's chunk brings, e.g. `passwordMessages`).
 */
export function createMessagePart<Tag extends 'h2' | 'p'>(
  scope: string,
  part: string,
  tag: Tag,
  messageId: MessageId,
  defaults: PartProps<Tag> = {} as PartProps<Tag>,
  catalogue?: Catalogue,
) {
  const Part = createPart(scope, part, tag);
  const MessagePart = forwardRef<HTMLElementTagNameMap[Tag], PartProps<Tag>>(function MessagePart(props, ref) {
    const t = useMessages(catalogue);
    return (
      <Part {...defaults} {...props} ref={ref}>
        {props.children ?? t(messageId)}
      </Part>
    );
  });
  MessagePart.displayName = `${scope}.${part}`;
  return MessagePart;
}

/** What a screen's back arrow reads from its state. */
export interface BackPartState {
  /** The way back (→ Main). */
  back: () => void;
  /** `false` hides the arrow; absent means it always shows. */
  canGoBack?: boolean;
}

/**
 * The screen's back arrow (`data-scope="<scope>" data-part="back"`): calls `back()` after the caller's `onClick`
 * unless they prevented it; renders nothing while the state's `canGoBack` is false.
 */
export function createBackPart<State extends BackPartState>(name: string, scope: string, useScreen: () => State) {
  const Back = forwardRef<HTMLButtonElement, BackButtonProps>(function Back(props, ref) {
    const screen = useScreen();
    if (screen.canGoBack === false) return null;
    return (
      <BackButton
        data-scope={scope}
        data-part="back"
        {...props}
        onClick={composeEventHandlers(props.onClick, () => screen.back())}
        ref={ref}
      />
    );
  });
  Back.displayName = `${name}Back`;
  return Back;
}

/** What a screen's error part reads from its state: the error to show, and the id it is described by. */
export interface ErrorPartState {
  error: ErrorMessageValue;
  /** The paragraph's `id` (what inputs point `aria-describedby` at); absent, it has none. */
  id?: string | undefined;
}

/**
 * The screen's error (`data-scope="<scope>" data-part="<part>"`, role alert; `part` is `error` unless given): an
 * `ErrorMessage` showing what `read` picks from the state, with its id; nothing without an error. The caller's
 * props override all of it.
 */
export function createErrorPart<State>(
  name: string,
  scope: string,
  useScreen: () => State,
  read: (state: State) => ErrorPartState,
  part = 'error',
) {
  const ErrorPart = forwardRef<HTMLParagraphElement, Omit<ErrorMessageProps, 'error'>>(function ErrorPart(props, ref) {
    const { error, id } = read(useScreen());
    return <ErrorMessage id={id} data-scope={scope} data-part={part} error={error} {...props} ref={ref} />;
  });
  ErrorPart.displayName = name;
  return ErrorPart;
}

/**
 * Makes a screen component: it calls `useValue()`, provides the value and renders the default `Layout`; the
 * parts (with `Provider` and `Layout`) hang off it as statics, so `<XxxScreen.Title />` works.
 */
export function createScreen<State, Statics extends { Provider: Provider<State | null>; Layout: () => JSX.Element }>(
  name: string,
  useValue: () => State,
  statics: Statics,
): (() => JSX.Element) & Statics {
  function Screen() {
    const value = useValue();
    return (
      <statics.Provider value={value}>
        <statics.Layout />
      </statics.Provider>
    );
  }
  Screen.displayName = name;
  return Object.assign(Screen, statics);
}

/** The props of one box of a code, as the hooks' code state gives them: the input's props and a ref callback. */
export type CodeDigitProps = Omit<PartProps<'input'>, 'ref'> &
  Required<Pick<PartProps<'input'>, 'onChange' | 'onKeyDown' | 'onPaste' | 'onFocus'>> & {
    ref: (element: HTMLInputElement | null) => void;
  };

/** What a six-box code's digit part reads from its screen (the hooks' code state, and the error to describe). */
export interface CodeDigitState {
  getDigitProps(index: number): CodeDigitProps;
  digits: readonly string[];
  isVerifying: boolean;
  /** The id of the error the boxes are described by, while there is one. */
  errorId: string | undefined;
}

/** The keys of `count` digit boxes. */
export const digitKeys = (count: number) => Array.from({ length: count }, (_, position) => `digit-${position}`);

/**
 * One box of a six-digit code (`data-part="digit"`, `data-index`, `data-filled`; `index` is 0-based), for every screen
 * with code boxes (passcode, authenticator-app code, its enrolment): `useState` reads the screen's code state.
 */
export function createCodeDigit(
  scope: string,
  useState: () => CodeDigitState,
  options: { focusFirstOnArrival?: boolean } = {},
) {
  const Digit = createPart(scope, 'digit', 'input');
  const CodeDigit = forwardRef<HTMLInputElement, PartProps<'input'> & { index: number }>(function CodeDigit(
    { index, ...props },
    forwardedRef: Ref<HTMLInputElement>,
  ) {
    const state = useState();
    const { ref: boxRef, ...digitProps } = state.getDigitProps(index);
    const setRef = (element: HTMLInputElement | null) => {
      boxRef(element);
      if (typeof forwardedRef === 'function') forwardedRef(element);
      else if (forwardedRef) forwardedRef.current = element;
    };
    return (
      <Digit
        {...digitProps}
        readOnly={state.isVerifying}
        data-index={index}
        data-filled={state.digits[index] ? '' : undefined}
        data-initial-focus={options.focusFirstOnArrival && index === 0 ? '' : undefined}
        aria-invalid={state.errorId ? true : undefined}
        aria-describedby={state.errorId}
        {...props}
        onChange={composeEventHandlers(props.onChange, digitProps.onChange)}
        onKeyDown={composeEventHandlers(props.onKeyDown, digitProps.onKeyDown)}
        onPaste={composeEventHandlers(props.onPaste, digitProps.onPaste)}
        onFocus={composeEventHandlers(props.onFocus, digitProps.onFocus)}
        ref={setRef}
      />
    );
  });
  CodeDigit.displayName = `${scope}.digit`;
  return CodeDigit;
}
