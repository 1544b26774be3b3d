import { type FormEvent, forwardRef } from 'react';
import { Spinner } from '../../../components/Spinner';
import { useMessages } from '../../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createBackPart, createErrorPart, createMessagePart } from '../../../screens/shared/screenParts';
import { useFocusAfterFailedSubmit } from '../../../screens/shared/useFocusAfterFailedSubmit';
import { totpMessages } from '../messages';
import { createRecoveryCodeInput, createRecoveryCodeLabel, type RecoveryCodeFieldState } from '../recoveryCodeParts';
import { type UseTotpRecoveryCodeScreenReturn, useTotpRecoveryCodeScreen } from './useTotpRecoveryCodeScreen';

export * from './useTotpRecoveryCodeScreen';

const NAME = 'TotpRecoveryCodeScreen';
const { Provider, useScreenContext: useScreen } = createScreenContext<UseTotpRecoveryCodeScreenReturn>(NAME);

/** Provides the recovery-code screen's state (`useTotpRecoveryCodeScreen()`, or a fixed value) to its parts. */
export const TotpRecoveryCodeScreenProvider = Provider;

const SCOPE = 'totp-recovery';
const Root = createPart(SCOPE, 'root', 'div');
const Form = createPart(SCOPE, 'form', 'form');
const Submit = createPart(SCOPE, 'submit', 'button');
const Switch = createPart(SCOPE, 'switch', 'button');

/** The screen's container (`data-scope="totp-recovery" data-part="root"`, `data-pending` while checking). */
export const TotpRecoveryCodeScreenRoot = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function TotpRecoveryCodeScreenRoot(props, ref) {
    const screen = useScreen();
    return <Root data-pending={screen.isSubmitting ? '' : undefined} {...props} ref={ref} />;
  },
);

/** The back arrow to the code entry (`data-scope="totp-recovery" data-part="back"`). */
export const TotpRecoveryCodeScreenBack = createBackPart(NAME, SCOPE, useScreen);

/** The heading 'Enter a recovery code'. */
export const TotpRecoveryCodeScreenTitle = createMessagePart(
  SCOPE,
  'title',
  'h2',
  'totpRecovery.title',
  { tabIndex: -1 },
  totpMessages,
);
TotpRecoveryCodeScreenTitle.displayName = 'TotpRecoveryCodeScreenTitle';

/** 'Enter one of the recovery codes you saved when you set up your authenticator app.' */
export const TotpRecoveryCodeScreenInstruction = createMessagePart(
  SCOPE,
  'instruction',
  'p',
  'totpRecovery.instruction',
  {},
  totpMessages,
);
TotpRecoveryCodeScreenInstruction.displayName = 'TotpRecoveryCodeScreenInstruction';

/** The `<form>` (`data-part="form"`, `data-invalid` with an error); Enter submits. */
export const TotpRecoveryCodeScreenForm = forwardRef<HTMLFormElement, PartProps<'form'>>(
  function TotpRecoveryCodeScreenForm(props, ref) {
    const screen = useScreen();
    // A refused code puts the focus back in the field (the disabled Continue would leave it on the page body).
    const markSubmitted = useFocusAfterFailedSubmit(screen.isSubmitting, Boolean(screen.error));
    return (
      <Form
        noValidate
        data-invalid={screen.error ? '' : undefined}
        {...props}
        onSubmit={composeEventHandlers(props.onSubmit, (event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          if (screen.isSubmitting) return;
          markSubmitted(event.currentTarget);
          void screen.submit();
        })}
        ref={ref}
      />
    );
  },
);

function useField(): RecoveryCodeFieldState {
  const screen = useScreen();
  return {
    id: screen.ids.input,
    value: screen.value,
    setValue: screen.setValue,
    isPending: screen.isSubmitting,
    errorId: screen.error ? screen.ids.error : undefined,
  };
}

/** The field's `<label>` 'Recovery code'. */
export const TotpRecoveryCodeScreenLabel = createRecoveryCodeLabel(SCOPE, 'label', useField);
TotpRecoveryCodeScreenLabel.displayName = 'TotpRecoveryCodeScreenLabel';

/** The recovery code field (`name="recovery_code"`, `autocomplete="one-time-code"`, no spell check), described by its error. */
export const TotpRecoveryCodeScreenInput = createRecoveryCodeInput(SCOPE, 'input', useField, { name: 'recovery_code' });
TotpRecoveryCodeScreenInput.displayName = 'TotpRecoveryCodeScreenInput';

/** The code's error (`data-part="error"`, role alert): malformed, wrong or already used, lockout, expired sign-in. */
export const TotpRecoveryCodeScreenError = createErrorPart('TotpRecoveryCodeScreenError', SCOPE, useScreen, (s) => ({
  error: s.error,
  id: s.ids.error,
}));

/** 'Continue' (`data-part="submit"`, `aria-busy` and a spinner 'Verifying' while the code is checked). */
export const TotpRecoveryCodeScreenSubmit = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function TotpRecoveryCodeScreenSubmit(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    return (
      <Submit
        type="submit"
        disabled={screen.isSubmitting}
        aria-busy={screen.isSubmitting || undefined}
        data-pending={screen.isSubmitting ? '' : undefined}
        {...props}
        ref={ref}
      >
        {props.children ?? (
          <>
            {t('totpRecovery.submit')}
            {screen.isSubmitting ? <Spinner label={t('totpRecovery.submitting')} /> : null}
          </>
        )}
      </Submit>
    );
  },
);

/** 'Use your authenticator app instead' (`data-part="switch"`): → TotpAuthenticate. */
export const TotpRecoveryCodeScreenUseApp = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function TotpRecoveryCodeScreenUseApp(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    return (
      <Switch
        type="button"
        data-to="code"
        {...props}
        onClick={composeEventHandlers(props.onClick, () => screen.switchToApp())}
        ref={ref}
      >
        {props.children ?? t('totpRecovery.useApp')}
      </Switch>
    );
  },
);

/** The default layout: back, title, instruction, form (label, field, error, Continue), the switch back to the app. */
export function TotpRecoveryCodeScreenLayout() {
  return (
    <TotpRecoveryCodeScreenRoot>
      <TotpRecoveryCodeScreenBack />
      <TotpRecoveryCodeScreenTitle />
      <TotpRecoveryCodeScreenInstruction />
      <TotpRecoveryCodeScreenForm>
        <TotpRecoveryCodeScreenLabel />
        <TotpRecoveryCodeScreenInput />
        <TotpRecoveryCodeScreenError />
        <TotpRecoveryCodeScreenSubmit />
      </TotpRecoveryCodeScreenForm>
      <TotpRecoveryCodeScreenUseApp />
    </TotpRecoveryCodeScreenRoot>
  );
}

/**
 * The recovery-code entry of a multi-factor sign-in, TotpRecoveryCode: 'Enter a recovery code', one field, Continue,
 * 'Use your authenticator app instead' and the back arrow (to the code entry). Inside `<SignIn>`.
 */
export function TotpRecoveryCodeScreen() {
  const value = useTotpRecoveryCodeScreen();
  return (
    <TotpRecoveryCodeScreenProvider value={value}>
      <TotpRecoveryCodeScreenLayout />
    </TotpRecoveryCodeScreenProvider>
  );
}
TotpRecoveryCodeScreen.Provider = TotpRecoveryCodeScreenProvider;
TotpRecoveryCodeScreen.Layout = TotpRecoveryCodeScreenLayout;
TotpRecoveryCodeScreen.Root = TotpRecoveryCodeScreenRoot;
TotpRecoveryCodeScreen.Back = TotpRecoveryCodeScreenBack;
TotpRecoveryCodeScreen.Title = TotpRecoveryCodeScreenTitle;
TotpRecoveryCodeScreen.Instruction = TotpRecoveryCodeScreenInstruction;
TotpRecoveryCodeScreen.Form = TotpRecoveryCodeScreenForm;
TotpRecoveryCodeScreen.Label = TotpRecoveryCodeScreenLabel;
TotpRecoveryCodeScreen.Input = TotpRecoveryCodeScreenInput;
TotpRecoveryCodeScreen.Error = TotpRecoveryCodeScreenError;
TotpRecoveryCodeScreen.Submit = TotpRecoveryCodeScreenSubmit;
TotpRecoveryCodeScreen.UseApp = TotpRecoveryCodeScreenUseApp;
