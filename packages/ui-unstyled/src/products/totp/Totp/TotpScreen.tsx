import { forwardRef } from 'react';
import { useMessages } from '../../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createBackPart, createCodeDigit, createErrorPart, digitKeys } from '../../../screens/shared/screenParts';
import { totpMessages } from '../messages';
import { type UseTotpScreenReturn, useTotpScreen } from './useTotpScreen';

export * from './useTotpScreen';

const NAME = 'TotpScreen';
const { Provider, useScreenContext: useTotpScreenContext } = createScreenContext<UseTotpScreenReturn>(NAME);

/** Provides the authenticator-app code screen's state (`useTotpScreen()`, or a fixed value) to its parts. */
export const TotpScreenProvider = Provider;

const SCOPE = 'totp';
const Root = createPart(SCOPE, 'root', 'div');
const CodeInput = createPart(SCOPE, 'code-input', 'div');
const Verifying = createPart(SCOPE, 'verifying', 'div');
const ProgressBar = createPart(SCOPE, 'progress', 'div');
const Switch = createPart(SCOPE, 'switch', 'button');
const Title = createPart(SCOPE, 'title', 'h2');
const Instruction = createPart(SCOPE, 'instruction', 'p');
const Passkey = createPart(SCOPE, 'passkey', 'button');

/**
 * The screen's container (`data-scope="totp" data-part="root"`, `data-verifying`, `data-code` when the app's code is
 * offered, `data-passkey` when a passkey is).
 */
export const TotpScreenRoot = forwardRef<HTMLDivElement, PartProps<'div'>>(function TotpScreenRoot(props, ref) {
  const screen = useTotpScreenContext();
  return (
    <Root
      data-verifying={screen.isVerifying || screen.isPasskeyPending ? '' : undefined}
      data-code={screen.showCode ? '' : undefined}
      data-passkey={screen.showPasskey ? '' : undefined}
      {...props}
      ref={ref}
    />
  );
});

/** The back arrow to Main (`data-scope="totp" data-part="back"`): the first factor again. */
export const TotpScreenBack = createBackPart(NAME, SCOPE, useTotpScreenContext);

/** The heading 'Enter verification code' ("Confirm it's you" when a passkey is the user's only second factor). */
export const TotpScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(function TotpScreenTitle(props, ref) {
  const screen = useTotpScreenContext();
  const t = useMessages(totpMessages);
  return (
    <Title tabIndex={-1} {...props} ref={ref}>
      {props.children ?? t(screen.showCode || !screen.showPasskey ? 'totp.title' : 'totp.passkeyTitle')}
    </Title>
  );
});

/**
 * 'Enter the 6-digit code from your authenticator app.' ('Use your passkey to finish signing in.' when a passkey is
 * the user's only second factor).
 */
export const TotpScreenInstruction = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function TotpScreenInstruction(props, ref) {
    const screen = useTotpScreenContext();
    const t = useMessages(totpMessages);
    return (
      <Instruction {...props} ref={ref}>
        {props.children ?? t(screen.showCode || !screen.showPasskey ? 'totp.instruction' : 'totp.passkeyInstruction')}
      </Instruction>
    );
  },
);

/** One digit box (`data-part="digit"`, `data-index`, `data-filled`); `index` is 0-based. */
export const TotpScreenDigit = createCodeDigit(SCOPE, () => {
  const screen = useTotpScreenContext();
  return { ...screen, errorId: screen.codeError ? screen.codeErrorId : undefined };
});

/**
 * The six boxes in a group named 'Verification code' (`data-part="code-input"`, `data-invalid` when the code was
 * refused, described by the error). Typing (or pasting) the sixth digit submits the code.
 */
export const TotpScreenCodeInput = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function TotpScreenCodeInput(props, ref) {
    const screen = useTotpScreenContext();
    const t = useMessages(totpMessages);
    if (!screen.showCode) return null;
    return (
      <CodeInput
        role="group"
        aria-label={t('totp.codeLabel')}
        aria-describedby={screen.codeError ? screen.codeErrorId : undefined}
        data-invalid={screen.codeError ? '' : undefined}
        {...props}
        ref={ref}
      >
        {props.children ??
          digitKeys(screen.digits.length).map((key, index) => <TotpScreenDigit key={key} index={index} />)}
      </CodeInput>
    );
  },
);

/** The code's error under the boxes (`data-part="error"`, role alert): wrong code, lockout, expired sign-in. */
export const TotpScreenError = createErrorPart('TotpScreenError', SCOPE, useTotpScreenContext, (s) => ({
  error: s.codeError,
  id: s.codeErrorId,
}));

/** While the code is checked: 'Verifying code...' and an indeterminate progress bar (`data-part="progress"`). */
export const TotpScreenVerifying = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function TotpScreenVerifying(props, ref) {
    const screen = useTotpScreenContext();
    const t = useMessages(totpMessages);
    if (!screen.isVerifying) return null;
    return (
      <Verifying aria-busy="true" {...props} ref={ref}>
        {props.children ?? (
          <>
            {t('totp.verifying')}
            <ProgressBar role="progressbar" aria-label={t('totp.verifying')} />
          </>
        )}
      </Verifying>
    );
  },
);

/** 'Use a recovery code' (`data-part="switch"`): → TotpRecoveryCode. Only with an authenticator app. */
export const TotpScreenUseRecoveryCode = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function TotpScreenUseRecoveryCode(props, ref) {
    const screen = useTotpScreenContext();
    const t = useMessages(totpMessages);
    if (!screen.showCode) return null;
    return (
      <Switch
        type="button"
        data-to="recovery"
        {...props}
        onClick={composeEventHandlers(props.onClick, () => screen.switchToRecoveryCode())}
        ref={ref}
      >
        {props.children ?? t('totp.useRecoveryCode')}
      </Switch>
    );
  },
);

/**
 * 'Use a passkey' (`data-part="passkey"`, `aria-busy` and disabled while the prompt is open: 'Waiting for your
 * passkey...'): the browser's passkey prompt completes the sign-in. Only for a user with a passkey.
 */
export const TotpScreenUsePasskey = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function TotpScreenUsePasskey(props, ref) {
    const screen = useTotpScreenContext();
    const t = useMessages(totpMessages);
    if (!screen.showPasskey) return null;
    return (
      <Passkey
        type="button"
        disabled={screen.isPasskeyPending || screen.isVerifying}
        aria-busy={screen.isPasskeyPending ? true : undefined}
        aria-describedby={screen.passkeyError ? screen.passkeyErrorId : undefined}
        {...props}
        onClick={composeEventHandlers(props.onClick, () => screen.startPasskey())}
        ref={ref}
      >
        {props.children ?? t(screen.isPasskeyPending ? 'totp.passkeyPending' : 'totp.usePasskey')}
      </Passkey>
    );
  },
);

/** Why the passkey was refused (`data-part="passkey-error"`, role alert), describing 'Use a passkey'. */
export const TotpScreenPasskeyError = createErrorPart(
  'TotpScreenPasskeyError',
  SCOPE,
  useTotpScreenContext,
  (s) => ({ error: s.passkeyError, id: s.passkeyErrorId }),
  'passkey-error',
);

/**
 * The default layout: back, title, instruction, boxes, error, verifying, 'Use a recovery code', then 'Use a passkey'
 * and its error (a user with a passkey and no authenticator app sees only these).
 */
export function TotpScreenLayout() {
  return (
    <TotpScreenRoot>
      <TotpScreenBack />
      <TotpScreenTitle />
      <TotpScreenInstruction />
      <TotpScreenCodeInput />
      <TotpScreenError />
      <TotpScreenVerifying />
      <TotpScreenUseRecoveryCode />
      <TotpScreenUsePasskey />
      <TotpScreenPasskeyError />
    </TotpScreenRoot>
  );
}

/**
 * The second step of a multi-factor sign-in, TotpAuthenticate: 'Enter verification code', six boxes submitting at
 * the sixth digit, 'Use a recovery code' and the back arrow. Inside `<SignIn>`.
 */
export function TotpScreen() {
  const value = useTotpScreen();
  return (
    <TotpScreenProvider value={value}>
      <TotpScreenLayout />
    </TotpScreenProvider>
  );
}
TotpScreen.Provider = TotpScreenProvider;
TotpScreen.Layout = TotpScreenLayout;
TotpScreen.Root = TotpScreenRoot;
TotpScreen.Back = TotpScreenBack;
TotpScreen.Title = TotpScreenTitle;
TotpScreen.Instruction = TotpScreenInstruction;
TotpScreen.CodeInput = TotpScreenCodeInput;
TotpScreen.Digit = TotpScreenDigit;
TotpScreen.Error = TotpScreenError;
TotpScreen.Verifying = TotpScreenVerifying;
TotpScreen.UseRecoveryCode = TotpScreenUseRecoveryCode;
TotpScreen.UsePasskey = TotpScreenUsePasskey;
TotpScreen.PasskeyError = TotpScreenPasskeyError;
