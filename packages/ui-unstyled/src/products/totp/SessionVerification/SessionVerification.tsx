import { type FormEvent, forwardRef } from 'react';
import { Spinner } from '../../../components/Spinner';
import { useMessages } from '../../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createBackPart, createErrorPart } from '../../../screens/shared/screenParts';
import { createAppCodeParts } from '../appCodeParts';
import { totpMessages } from '../messages';
import { createRecoveryCodeInput, createRecoveryCodeLabel, type RecoveryCodeFieldState } from '../recoveryCodeParts';
import {
  type SessionVerificationSource,
  type UseSessionVerificationReturn,
  useSessionVerification,
} from './useSessionVerification';

export * from './useSessionVerification';

// "Confirm it's you": the step a change to a second factor goes through when the provider wants this session to prove
// the second factor first (`error_details.reason: 'second_factor'`). The TOTP product's texts; the passkey screens
// show it too (adding or removing a passkey under multi-factor sign-in).

const NAME = 'SessionVerification';
const SCOPE = 'session-verification';
const { Provider, useScreenContext: useScreen } = createScreenContext<UseSessionVerificationReturn>(NAME);

/** Provides the step's state (`useSessionVerification(source)`, or a fixed value) to its parts. */
export const SessionVerificationProvider = Provider;

const Root = createPart(SCOPE, 'root', 'div');
const Title = createPart(SCOPE, 'title', 'h2');
const Description = createPart(SCOPE, 'description', 'p');
const CodeForm = createPart(SCOPE, 'code-form', 'form');
const RecoveryForm = createPart(SCOPE, 'recovery-form', 'form');
const Submit = createPart(SCOPE, 'submit', 'button');
const Switch = createPart(SCOPE, 'switch', 'button');
const Passkey = createPart(SCOPE, 'passkey', 'button');

/**
 * The container (`data-scope="session-verification" data-part="root"`, `data-mode="code|recovery"`, `data-pending`;
 * `data-code` when a code can prove the session, `data-passkey` when a passkey can).
 */
export const SessionVerificationRoot = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function SessionVerificationRoot(props, ref) {
    const screen = useScreen();
    return (
      <Root
        data-mode={screen.mode}
        data-pending={screen.isVerifying ? '' : undefined}
        data-code={screen.showCode ? '' : undefined}
        data-passkey={screen.showPasskey ? '' : undefined}
        {...props}
        ref={ref}
      />
    );
  },
);

/** The heading "Confirm it's you" (`data-part="title"`; it does not take the focus: the code's first box does). */
export const SessionVerificationTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(
  function SessionVerificationTitle(props, ref) {
    const t = useMessages(totpMessages);
    return (
      <Title tabIndex={-1} {...props} ref={ref}>
        {props.children ?? t('totpEnrollment.verifyTitle')}
      </Title>
    );
  },
);

/** The description's text: the code's, the recovery code's, or the passkey's (alone, or beside the code). */
function descriptionKey(screen: UseSessionVerificationReturn) {
  if (!screen.showCode) return 'totpEnrollment.verifyPasskeyDescription';
  if (screen.mode === 'recovery') return 'totpRecovery.instruction';
  return screen.showPasskey ? 'totpEnrollment.verifyCodeOrPasskeyDescription' : 'totpEnrollment.verifyDescription';
}

/**
 * 'Enter a code from your authenticator app to continue.', or with a recovery code 'Enter one of the recovery codes
 * you saved when you set up your authenticator app.' (`data-part="description"`); when a passkey can prove it too
 * 'Enter a code from your authenticator app, or use a passkey, to continue.', and when only a passkey can 'Use one of
 * your passkeys to continue.'
 */
export const SessionVerificationDescription = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function SessionVerificationDescription(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    return (
      <Description {...props} ref={ref}>
        {props.children ?? t(descriptionKey(screen))}
      </Description>
    );
  },
);

/** Why the last code was refused (`data-part="error"`, role alert): it describes the code boxes or the input. */
export const SessionVerificationError = createErrorPart('SessionVerificationError', SCOPE, useScreen, (s) => ({
  error: s.error,
  id: s.ids.error,
}));

const Code = createAppCodeParts(SCOPE, useScreen);

/** One digit box (`data-part="digit"`, `data-index`, `data-filled`); `index` is 0-based. */
export const SessionVerificationDigit = Code.Digit;

/**
 * The code from the app (`data-part="code-form"`, code mode): the visible label 'Code from your app'
 * (`data-part="code-label"`) naming the group of six boxes (`data-part="code-input"`, `data-invalid` after a refusal),
 * submitted at the sixth digit, and 'Continue' (`data-part="submit"`, enabled once six digits are in; `data-pending`
 * and a spinner 'Verifying' while the code is checked and the change runs).
 */
export const SessionVerificationCodeInput = forwardRef<HTMLFormElement, PartProps<'form'>>(
  function SessionVerificationCodeInput(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    if (screen.mode !== 'code' || !screen.showCode) return null;
    return (
      <CodeForm
        noValidate
        {...props}
        onSubmit={composeEventHandlers(props.onSubmit, (event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          screen.submitCode();
        })}
        ref={ref}
      >
        {props.children ?? (
          <>
            <Code.Boxes />
            <Submit
              type="submit"
              disabled={!screen.isCodeComplete || screen.isVerifying}
              aria-busy={screen.isVerifying || undefined}
              data-pending={screen.isVerifying ? '' : undefined}
            >
              {t('totpEnrollment.verifySubmit')}
              {screen.isVerifying ? <Spinner label={t('totpEnrollment.verifying')} /> : null}
            </Submit>
          </>
        )}
      </CodeForm>
    );
  },
);

function useRecoveryField(): RecoveryCodeFieldState {
  const screen = useScreen();
  return {
    id: screen.ids.recoveryInput,
    value: screen.recoveryCode,
    setValue: screen.setRecoveryCode,
    isPending: screen.isVerifying,
    errorId: screen.error ? screen.ids.error : undefined,
  };
}
const RecoveryLabel = createRecoveryCodeLabel(SCOPE, 'recovery-label', useRecoveryField);
// The user chose this input ('Use a recovery code'): the focus follows them here.
const RecoveryInput = createRecoveryCodeInput(SCOPE, 'recovery-input', useRecoveryField, { autoFocus: true });

/**
 * A recovery code instead (`data-part="recovery-form"`, recovery mode): 'Recovery code' (`data-part="recovery-label"`),
 * the input (`data-part="recovery-input"`, focused when shown, `aria-invalid` after a refusal) and 'Continue'.
 */
export const SessionVerificationRecoveryCode = forwardRef<HTMLFormElement, PartProps<'form'>>(
  function SessionVerificationRecoveryCode(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    if (screen.mode !== 'recovery' || !screen.showCode) return null;
    return (
      <RecoveryForm
        noValidate
        {...props}
        onSubmit={composeEventHandlers(props.onSubmit, (event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          screen.submitRecoveryCode();
        })}
        ref={ref}
      >
        {props.children ?? (
          <>
            <RecoveryLabel />
            <RecoveryInput />
            <Submit
              type="submit"
              disabled={screen.recoveryCode.trim() === '' || screen.isVerifying}
              aria-busy={screen.isVerifying || undefined}
              data-pending={screen.isVerifying ? '' : undefined}
            >
              {t('totpRecovery.submit')}
              {screen.isVerifying ? <Spinner label={t('totpRecovery.submitting')} /> : null}
            </Submit>
          </>
        )}
      </RecoveryForm>
    );
  },
);

/**
 * 'Use a recovery code', or back to the app's code: 'Use your authenticator app instead' (`data-part="switch"`; not
 * rendered when no code can prove the session).
 */
export const SessionVerificationSwitch = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function SessionVerificationSwitch(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    if (!screen.showCode) return null;
    return (
      <Switch
        type="button"
        data-mode={screen.mode}
        disabled={screen.isVerifying}
        {...props}
        onClick={composeEventHandlers(props.onClick, screen.switchMode)}
        ref={ref}
      >
        {props.children ?? t(screen.mode === 'code' ? 'totp.useRecoveryCode' : 'totpRecovery.useApp')}
      </Switch>
    );
  },
);

/**
 * 'Use a passkey' (`data-part="passkey"`, only when a passkey can prove the session; disabled while a proof runs,
 * `aria-busy` and 'Waiting for your passkey...' while its prompt is open and the change runs). It takes the focus when
 * no code can prove the session.
 */
export const SessionVerificationUsePasskey = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function SessionVerificationUsePasskey(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    if (!screen.showPasskey) return null;
    return (
      <Passkey
        type="button"
        disabled={screen.isVerifying}
        aria-busy={screen.isPasskeyPending ? true : undefined}
        aria-describedby={screen.error ? screen.ids.error : undefined}
        data-pending={screen.isPasskeyPending ? '' : undefined}
        // The only way the step offers: the step replaced the screen the user acted on, and the focus follows them.
        autoFocus={!screen.showCode}
        {...props}
        onClick={composeEventHandlers(props.onClick, screen.startPasskey)}
        ref={ref}
      >
        {props.children ?? t(screen.isPasskeyPending ? 'totp.passkeyPending' : 'totp.usePasskey')}
      </Passkey>
    );
  },
);

/** The back arrow ('Back', `data-part="back"`): the change is not made; back to where it was asked from. */
export const SessionVerificationBack = createBackPart(NAME, SCOPE, useScreen);

/**
 * The default layout: back arrow, "Confirm it's you", its description, the code (or recovery code), the error, the
 * switch, then 'Use a passkey' (a user with a passkey and no authenticator app sees only this one).
 */
export function SessionVerificationLayout() {
  return (
    <SessionVerificationRoot>
      <SessionVerificationBack />
      <SessionVerificationTitle />
      <SessionVerificationDescription />
      <SessionVerificationCodeInput />
      <SessionVerificationRecoveryCode />
      <SessionVerificationError />
      <SessionVerificationSwitch />
      <SessionVerificationUsePasskey />
    </SessionVerificationRoot>
  );
}

/** Props of `<SessionVerification>`: the hook's verify step it drives. */
export interface SessionVerificationProps {
  source: SessionVerificationSource;
}

/**
 * "Confirm it's you" over a hook's `verify` step: a code from the authenticator app (the six boxes, the first focused),
 * a recovery code or one of the user's passkeys ('Use a passkey') proves this session, then the change runs again;
 * Back gives it up. For another layout:
 * `useSessionVerification(source)`, `<SessionVerification.Provider value>` and the parts.
 */
export function SessionVerification({ source }: SessionVerificationProps) {
  const value = useSessionVerification(source);
  return (
    <SessionVerificationProvider value={value}>
      <SessionVerificationLayout />
    </SessionVerificationProvider>
  );
}
SessionVerification.Provider = SessionVerificationProvider;
SessionVerification.Layout = SessionVerificationLayout;
SessionVerification.Root = SessionVerificationRoot;
SessionVerification.Back = SessionVerificationBack;
SessionVerification.Title = SessionVerificationTitle;
SessionVerification.Description = SessionVerificationDescription;
SessionVerification.CodeInput = SessionVerificationCodeInput;
SessionVerification.Digit = SessionVerificationDigit;
SessionVerification.RecoveryCode = SessionVerificationRecoveryCode;
SessionVerification.Error = SessionVerificationError;
SessionVerification.Switch = SessionVerificationSwitch;
SessionVerification.UsePasskey = SessionVerificationUsePasskey;
