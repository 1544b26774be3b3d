// Proving the signed-in user's own address, where an enrolment (an authenticator app, a passkey) was refused with
// `identifier_not_verified`: 'Send passcode', the six boxes, then `onVerified` (the enrolment tries again). The code
// is sent and checked with the session (`useIdentifierVerification`), so the proof resets nothing.
import { type LatchkeyFlowError, type OtpCodeInputProps, useIdentifierVerification, useOtpCode } from '@latchkey/hooks';
import { type FormEvent, forwardRef, useCallback, useId } from 'react';
import { Spinner } from '../../components/Spinner';
import { identifierVerificationMessages } from '../../messages/identifierVerification';
import { useMessages } from '../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../primitives/createPart';
import { createScreenContext } from '../../screens/shared/screenContext';
import { createCodeDigit, createErrorPart, digitKeys } from '../../screens/shared/screenParts';

/** Options of `useIdentifierVerificationBlock` (and props of `<IdentifierVerification>`). */
export interface UseIdentifierVerificationBlockOptions {
  /** The unverified email address (or E.164 number) the refusal named (`error_details.unverified_identifier`). */
  identifier: string;
  /** Called once the address is verified (try the enrolment again). */
  onVerified?: () => void;
}

/** What `useIdentifierVerificationBlock` returns: the state of the verification's parts. */
export interface UseIdentifierVerificationBlockReturn {
  identifier: string;
  /** `idle` → `sending` → `sent` (the boxes show) → `verifying` → `verified`; emitted as `data-status`. */
  status: 'idle' | 'sending' | 'sent' | 'verifying' | 'verified';
  /** 'Send passcode' (or 'Send a new passcode' once one was sent). */
  send: () => void;
  /** A passcode was sent (the send button then offers a new one). */
  hasSent: boolean;
  digits: string[];
  getDigitProps: (index: number) => OtpCodeInputProps;
  isVerifying: boolean;
  /** A refused send or code. */
  error: LatchkeyFlowError | null;
  errorId: string;
}

/** The verification's state: `useIdentifierVerification` and the six boxes (submitted at the sixth digit). */
export function useIdentifierVerificationBlock(
  options: UseIdentifierVerificationBlockOptions,
): UseIdentifierVerificationBlockReturn {
  const { identifier, onVerified } = options;
  const t = useMessages(identifierVerificationMessages);
  const verification = useIdentifierVerification();
  const { authenticate, send } = verification;
  const getAriaLabel = useCallback(
    (index: number, count: number) => t('identifierVerification.digitLabel', { index: index + 1, count }),
    [t],
  );
  const code = useOtpCode({
    onComplete: async (value) => {
      if (await authenticate(value)) onVerified?.();
      else code.clear();
    },
    getAriaLabel,
  });
  const errorId = `${useId()}-verification-error`;
  const { status } = verification;
  const wasSent = verification.methodId !== null;
  return {
    identifier,
    status: status === 'error' ? (wasSent ? 'sent' : 'idle') : status,
    send: () => void send(identifier),
    hasSent: wasSent,
    digits: code.digits,
    getDigitProps: code.getInputProps,
    isVerifying: status === 'verifying',
    error: verification.error,
    errorId,
  };
}

const NAME = 'IdentifierVerification';
const { Provider, useScreenContext: useBlock } = createScreenContext<UseIdentifierVerificationBlockReturn>(NAME);

/** Provides the verification's state (`useIdentifierVerificationBlock()`, or a fixed value) to its parts. */
export const IdentifierVerificationProvider = Provider;

const SCOPE = 'identifier-verification';
const Root = createPart(SCOPE, 'root', 'div');
const Instruction = createPart(SCOPE, 'instruction', 'p');
const SendButton = createPart(SCOPE, 'send', 'button');
const CodeForm = createPart(SCOPE, 'code-form', 'form');
const CodeInput = createPart(SCOPE, 'code-input', 'div');
const Verifying = createPart(SCOPE, 'verifying', 'div');
const Verified = createPart(SCOPE, 'verified', 'p');

/** The container (`data-scope="identifier-verification" data-part="root"`, `data-status`). */
export const IdentifierVerificationRoot = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function IdentifierVerificationRoot(props, ref) {
    const block = useBlock();
    return <Root data-status={block.status} {...props} ref={ref} />;
  },
);

/**
 * 'Prove that {identifier} is yours first: we will send it a 6-digit passcode.', then 'Enter the 6-digit passcode
 * sent to {identifier}.' (`data-part="instruction"`); nothing once verified.
 */
export const IdentifierVerificationInstruction = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function IdentifierVerificationInstruction(props, ref) {
    const block = useBlock();
    const t = useMessages(identifierVerificationMessages);
    if (block.status === 'verified') return null;
    const id = block.hasSent ? 'codeInstruction' : 'instruction';
    return (
      <Instruction {...props} ref={ref}>
        {props.children ?? t(`identifierVerification.${id}`, { identifier: block.identifier })}
      </Instruction>
    );
  },
);

/** 'Send passcode', then 'Send a new passcode' (`data-part="send"`, a spinner 'Sending' while it goes out). */
export const IdentifierVerificationSend = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function IdentifierVerificationSend(props, ref) {
    const block = useBlock();
    const t = useMessages(identifierVerificationMessages);
    if (block.status === 'verified' || block.status === 'verifying') return null;
    const isSending = block.status === 'sending';
    return (
      <SendButton
        type="button"
        data-variant={block.hasSent ? undefined : 'primary'}
        disabled={isSending}
        aria-busy={isSending || undefined}
        data-pending={isSending ? '' : undefined}
        {...props}
        onClick={composeEventHandlers(props.onClick, () => block.send())}
        ref={ref}
      >
        {props.children ?? (
          <>
            {t(block.hasSent ? 'identifierVerification.resend' : 'identifierVerification.send')}
            {isSending ? <Spinner label={t('identifierVerification.sending')} /> : null}
          </>
        )}
      </SendButton>
    );
  },
);

/** One digit box (`data-part="digit"`, `data-index`, `data-filled`); `index` is 0-based. */
export const IdentifierVerificationDigit = createCodeDigit(SCOPE, () => {
  const block = useBlock();
  return { ...block, errorId: block.error ? block.errorId : undefined };
});

/**
 * The passcode (`data-part="code-form"`): six boxes in a group named 'Passcode' (`data-part="code-input"`,
 * `data-invalid` after a refusal), submitted at the sixth digit; 'Verifying passcode...' while checked. Shown once a
 * code was sent.
 */
export const IdentifierVerificationCodeInput = forwardRef<HTMLFormElement, PartProps<'form'>>(
  function IdentifierVerificationCodeInput(props, ref) {
    const block = useBlock();
    const t = useMessages(identifierVerificationMessages);
    if (block.status !== 'sent' && block.status !== 'verifying') return null;
    return (
      <CodeForm
        noValidate
        {...props}
        onSubmit={composeEventHandlers(props.onSubmit, (event: FormEvent<HTMLFormElement>) => event.preventDefault())}
        ref={ref}
      >
        {props.children ?? (
          <>
            <CodeInput
              role="group"
              aria-label={t('identifierVerification.codeLabel')}
              aria-describedby={block.error ? block.errorId : undefined}
              data-invalid={block.error ? '' : undefined}
            >
              {digitKeys(block.digits.length).map((key, index) => (
                <IdentifierVerificationDigit key={key} index={index} />
              ))}
            </CodeInput>
            {block.isVerifying ? (
              <Verifying aria-busy="true">
                {t('identifierVerification.verifying')}
                <Spinner label={t('identifierVerification.verifying')} />
              </Verifying>
            ) : null}
          </>
        )}
      </CodeForm>
    );
  },
);

/** A refused send or code (`data-part="error"`, role alert). */
export const IdentifierVerificationError = createErrorPart('IdentifierVerificationError', SCOPE, useBlock, (s) => ({
  error: s.error,
  id: s.errorId,
}));

/** '{identifier} is verified.' (`data-part="verified"`, role status) once the code was accepted. */
export const IdentifierVerificationVerified = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function IdentifierVerificationVerified(props, ref) {
    const block = useBlock();
    const t = useMessages(identifierVerificationMessages);
    if (block.status !== 'verified') return null;
    return (
      <Verified role="status" {...props} ref={ref}>
        {props.children ?? t('identifierVerification.verified', { identifier: block.identifier })}
      </Verified>
    );
  },
);

/** The default layout: instruction, the passcode boxes, the error, 'Send passcode', and 'verified' at the end. */
export function IdentifierVerificationLayout() {
  return (
    <IdentifierVerificationRoot>
      <IdentifierVerificationInstruction />
      <IdentifierVerificationCodeInput />
      <IdentifierVerificationError />
      <IdentifierVerificationSend />
      <IdentifierVerificationVerified />
    </IdentifierVerificationRoot>
  );
}

/** Props of `<IdentifierVerification>`. */
export type IdentifierVerificationProps = UseIdentifierVerificationBlockOptions;

/**
 * Proves the signed-in user's own unverified address with a passcode sent with the session (nothing is reset by
 * that proof), then calls `onVerified`. The TOTP enrolment and the passkey registration show it when the provider
 * refused them with `identifier_not_verified`. For another layout: `useIdentifierVerificationBlock()`,
 * `<IdentifierVerification.Provider value>` and the parts.
 */
export function IdentifierVerification(props: IdentifierVerificationProps) {
  const value = useIdentifierVerificationBlock(props);
  return (
    <IdentifierVerificationProvider value={value}>
      <IdentifierVerificationLayout />
    </IdentifierVerificationProvider>
  );
}
IdentifierVerification.Provider = IdentifierVerificationProvider;
IdentifierVerification.Layout = IdentifierVerificationLayout;
IdentifierVerification.Root = IdentifierVerificationRoot;
IdentifierVerification.Instruction = IdentifierVerificationInstruction;
IdentifierVerification.Send = IdentifierVerificationSend;
IdentifierVerification.CodeInput = IdentifierVerificationCodeInput;
IdentifierVerification.Digit = IdentifierVerificationDigit;
IdentifierVerification.Error = IdentifierVerificationError;
IdentifierVerification.Verified = IdentifierVerificationVerified;
