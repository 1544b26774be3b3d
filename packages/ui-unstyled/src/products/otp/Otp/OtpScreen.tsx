import { forwardRef } from 'react';
import { useMessages } from '../../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createBackPart, createCodeDigit, createErrorPart, digitKeys } from '../../../screens/shared/screenParts';
import { otpMessages } from '../messages';
import { type UseOtpScreenReturn, useOtpScreen } from './useOtpScreen';

const { Provider, useScreenContext: useOtpScreenContext } = createScreenContext<UseOtpScreenReturn>('OtpScreen');

/** Provides the passcode screen's state (`useOtpScreen()`, or a fixed value) to its parts. */
export const OtpScreenProvider = Provider;

const SCOPE = 'otp';
const Root = createPart(SCOPE, 'root', 'div');
const Instruction = createPart(SCOPE, 'instruction', 'p');
const CodeInput = createPart(SCOPE, 'code-input', 'div');
const Verifying = createPart(SCOPE, 'verifying', 'div');
const ProgressBar = createPart(SCOPE, 'progress', 'div');
const Countdown = createPart(SCOPE, 'countdown', 'p');
const Resend = createPart(SCOPE, 'resend', 'p');
const ResendButton = createPart(SCOPE, 'resend-button', 'button');

// The boxes are positions, not items: their position is their identity.

/** The screen's container (`data-scope="otp" data-part="root"`, `data-method`, `data-verifying`). */
export const OtpScreenRoot = forwardRef<HTMLDivElement, PartProps<'div'>>(function OtpScreenRoot(props, ref) {
  const screen = useOtpScreenContext();
  return (
    <Root
      data-method={screen.method}
      data-purpose={screen.purpose}
      data-verifying={screen.isVerifying ? '' : undefined}
      {...props}
      ref={ref}
    />
  );
});

/** The back arrow to Main (`data-scope="otp" data-part="back"`); hidden in the passwordless password flow. */
export const OtpScreenBack = createBackPart('OtpScreen', SCOPE, useOtpScreenContext);

const Title = createPart(SCOPE, 'title', 'h2');

/** The heading 'Enter passcode' ('Verify your email address' for the code that proves a new address). */
export const OtpScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(function OtpScreenTitle(props, ref) {
  const screen = useOtpScreenContext();
  const t = useMessages(otpMessages);
  return (
    <Title tabIndex={-1} {...props} ref={ref}>
      {props.children ?? t(screen.purpose === 'verifyEmail' ? 'otp.verifyTitle' : 'otp.title')}
    </Title>
  );
});

/**
 * 'A 6-digit passcode was sent to you at {destination}.' (phone numbers formatted); for the code that proves a new
 * address: 'To finish creating your account, enter the 6-digit passcode we sent to {destination}.'
 */
export const OtpScreenInstruction = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function OtpScreenInstruction(props, ref) {
    const screen = useOtpScreenContext();
    const t = useMessages(otpMessages);
    const id = screen.purpose === 'verifyEmail' ? 'otp.verifyInstruction' : 'otp.instruction';
    return (
      <Instruction {...props} ref={ref}>
        {props.children ?? t(id, { destination: screen.destination })}
      </Instruction>
    );
  },
);

/** One digit box (`data-part="digit"`, `data-index`, `data-filled`); `index` is 0-based. */
export const OtpScreenDigit = createCodeDigit(
  SCOPE,
  () => {
    const screen = useOtpScreenContext();
    return { ...screen, errorId: screen.codeError ? screen.codeErrorId : undefined };
  },
  // The code was just sent: the first box takes the focus when the screen arrives, the heading is announced.
  { focusFirstOnArrival: true },
);

/**
 * The six boxes in a group named 'Passcode' (`data-part="code-input"`, `data-invalid` when the code was refused,
 * described by the error). Typing the sixth digit submits the code.
 */
export const OtpScreenCodeInput = forwardRef<HTMLDivElement, PartProps<'div'>>(function OtpScreenCodeInput(props, ref) {
  const screen = useOtpScreenContext();
  const t = useMessages(otpMessages);
  return (
    <CodeInput
      role="group"
      aria-label={t('otp.codeLabel')}
      aria-describedby={screen.codeError ? screen.codeErrorId : undefined}
      data-invalid={screen.codeError ? '' : undefined}
      {...props}
      ref={ref}
    >
      {props.children ??
        digitKeys(screen.digits.length).map((key, index) => <OtpScreenDigit key={key} index={index} />)}
    </CodeInput>
  );
});

/** The code's error under the boxes ('Invalid passcode, please try again.'; `data-part="error"`, role alert). */
export const OtpScreenError = createErrorPart('OtpScreenError', SCOPE, useOtpScreenContext, (s) => ({
  error: s.codeError,
  id: s.codeErrorId,
}));

/** While the code is checked: 'Verifying passcode...' and an indeterminate progress bar (`data-part="progress"`). */
export const OtpScreenVerifying = forwardRef<HTMLDivElement, PartProps<'div'>>(function OtpScreenVerifying(props, ref) {
  const screen = useOtpScreenContext();
  const t = useMessages(otpMessages);
  if (!screen.isVerifying) return null;
  return (
    <Verifying aria-busy="true" {...props} ref={ref}>
      {props.children ?? (
        <>
          {t('otp.verifying')}
          <ProgressBar role="progressbar" aria-label={t('otp.verifying')} />
        </>
      )}
    </Verifying>
  );
});

/** 'Your code expires in {m:ss}.', then 'Your code has expired.' (`data-expired`). */
export const OtpScreenCountdown = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function OtpScreenCountdown(props, ref) {
    const screen = useOtpScreenContext();
    const t = useMessages(otpMessages);
    return (
      <Countdown data-expired={screen.isExpired ? '' : undefined} {...props} ref={ref}>
        {props.children ?? (screen.isExpired ? t('otp.expired') : t('otp.expiresIn', { time: screen.remainingTime }))}
      </Countdown>
    );
  },
);

/** The resend's error under the countdown (`data-part="resend-error"`, role alert). */
export const OtpScreenResendError = createErrorPart(
  'OtpScreenResendError',
  SCOPE,
  useOtpScreenContext,
  (s) => ({ error: s.resendError }),
  'resend-error',
);

/** 'Resend code', reading 'Code sent' for 2 seconds after a resend (`data-status="initial|sending|sent|waiting"`). */
export const OtpScreenResendButton = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function OtpScreenResendButton(props, ref) {
    const screen = useOtpScreenContext();
    const t = useMessages(otpMessages);
    const isBusy = screen.resendStatus === 'sending' || screen.resendStatus === 'sent';
    return (
      <ResendButton
        type="button"
        data-status={screen.resendStatus}
        aria-disabled={isBusy || undefined}
        {...props}
        onClick={composeEventHandlers(props.onClick, () => screen.resend())}
        ref={ref}
      >
        {props.children ?? (screen.resendStatus === 'sent' ? t('otp.resent') : t('otp.resend'))}
      </ResendButton>
    );
  },
);

/** "Didn't get it?" and the resend button, in a polite live region so 'Code sent' is announced. */
export const OtpScreenResend = forwardRef<HTMLParagraphElement, PartProps<'p'>>(function OtpScreenResend(props, ref) {
  const screen = useOtpScreenContext();
  const t = useMessages(otpMessages);
  return (
    <Resend aria-live="polite" data-status={screen.resendStatus} {...props} ref={ref}>
      {props.children ?? (
        <>
          {t('otp.didntGetIt')} <OtpScreenResendButton />
        </>
      )}
    </Resend>
  );
});

/** The default layout: back, title, instruction, boxes, error, verifying, countdown, resend error, resend. */
export function OtpScreenLayout() {
  return (
    <OtpScreenRoot>
      <OtpScreenBack />
      <OtpScreenTitle />
      <OtpScreenInstruction />
      <OtpScreenCodeInput />
      <OtpScreenError />
      <OtpScreenVerifying />
      <OtpScreenCountdown />
      <OtpScreenResendError />
      <OtpScreenResend />
    </OtpScreenRoot>
  );
}

/**
 * The passcode screen, OTPAuthenticate: 'Enter passcode', six boxes submitting at the sixth digit, the
 * countdown, 'Resend code' and the back arrow. Inside `<SignIn>`.
 */
export function OtpScreen() {
  const value = useOtpScreen();
  return (
    <OtpScreenProvider value={value}>
      <OtpScreenLayout />
    </OtpScreenProvider>
  );
}
OtpScreen.Provider = OtpScreenProvider;
OtpScreen.Layout = OtpScreenLayout;
OtpScreen.Root = OtpScreenRoot;
OtpScreen.Back = OtpScreenBack;
OtpScreen.Title = OtpScreenTitle;
OtpScreen.Instruction = OtpScreenInstruction;
OtpScreen.CodeInput = OtpScreenCodeInput;
OtpScreen.Digit = OtpScreenDigit;
OtpScreen.Error = OtpScreenError;
OtpScreen.Verifying = OtpScreenVerifying;
OtpScreen.Countdown = OtpScreenCountdown;
OtpScreen.ResendError = OtpScreenResendError;
OtpScreen.Resend = OtpScreenResend;
OtpScreen.ResendButton = OtpScreenResendButton;
