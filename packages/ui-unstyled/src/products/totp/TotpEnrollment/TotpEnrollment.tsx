import { type FormEvent, Fragment, forwardRef, useEffect, useRef } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Spinner } from '../../../components/Spinner';
import { SuccessIcon } from '../../../components/SuccessIcon';
import { type MessageId, useMessages } from '../../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createBackPart, createErrorPart } from '../../../screens/shared/screenParts';
import { IdentifierVerification } from '../../otp/IdentifierVerification';
import { createAppCodeParts } from '../appCodeParts';
import { totpMessages } from '../messages';
import { SessionVerification } from '../SessionVerification/SessionVerification';
import {
  type UseTotpEnrollmentScreenOptions,
  type UseTotpEnrollmentScreenReturn,
  useTotpEnrollmentScreen,
} from './useTotpEnrollmentScreen';

export * from './useTotpEnrollmentScreen';

const NAME = 'TotpEnrollment';
const { Provider, useScreenContext: useScreen } = createScreenContext<UseTotpEnrollmentScreenReturn>(NAME);

/** Provides the enrolment's state (`useTotpEnrollmentScreen()`, or a fixed value) to its parts. */
export const TotpEnrollmentProvider = Provider;

const SCOPE = 'totp-enrollment';
const CODES_SCOPE = 'totp-recovery-codes';
const Root = createPart(SCOPE, 'root', 'div');
const Title = createPart(SCOPE, 'title', 'h2');
const Description = createPart(SCOPE, 'description', 'p');
const StartButton = createPart(SCOPE, 'start', 'button');
const QrCode = createPart(SCOPE, 'qr-code', 'img');
const ManualKey = createPart(SCOPE, 'manual-key', 'div');
const ManualKeyLabel = createPart(SCOPE, 'manual-key-label', 'p');
const ManualKeyValue = createPart(SCOPE, 'manual-key-value', 'code');
const ManualKeyGroup = createPart(SCOPE, 'manual-key-group', 'span');
const CopyKey = createPart(SCOPE, 'copy-key', 'button');
const OpenInApp = createPart(SCOPE, 'open-in-app', 'a');
const CodeForm = createPart(SCOPE, 'code-form', 'form');
const Manage = createPart(SCOPE, 'manage', 'div');
const ManageButton = createPart(SCOPE, 'manage-button', 'button');
const RemoveConfirmText = createPart(SCOPE, 'remove-warning', 'p');
const Verifying = createPart(SCOPE, 'verifying', 'div');
const CodesList = createPart(CODES_SCOPE, 'list', 'ul');
const CodesItem = createPart(CODES_SCOPE, 'item', 'li');
const CodesActions = createPart(CODES_SCOPE, 'actions', 'div');
const CodesCopy = createPart(CODES_SCOPE, 'copy', 'button');
const CodesDownload = createPart(CODES_SCOPE, 'download', 'button');
const SavedLabel = createPart(CODES_SCOPE, 'saved', 'label');
const SavedCheckbox = createPart(CODES_SCOPE, 'saved-checkbox', 'input');
const Continue = createPart(CODES_SCOPE, 'submit', 'button');

// The verify step's heading is <SessionVerification>'s.
const TITLES: Record<Exclude<UseTotpEnrollmentScreenReturn['step'], 'verify'>, MessageId> = {
  start: 'totpEnrollment.title',
  scan: 'totpEnrollment.scanTitle',
  save: 'totpRecoveryCodes.title',
  done: 'totpEnrollment.doneTitle',
};

/** The container (`data-scope="totp-enrollment" data-part="root"`, `data-step="start|scan|verify|save|done"`). */
export const TotpEnrollmentRoot = forwardRef<HTMLDivElement, PartProps<'div'>>(function TotpEnrollmentRoot(props, ref) {
  const screen = useScreen();
  return (
    <Root
      data-step={screen.step}
      data-pending={screen.isStarting || screen.isVerifying ? '' : undefined}
      {...props}
      ref={ref}
    />
  );
});

/**
 * The heading of the step: 'Set up an authenticator app' ('Authenticator app set up' once the user has one), 'Scan
 * the QR code', 'Save your recovery codes', 'Authenticator app set up'. It takes focus when the step changes
 * (`tabIndex=-1`). None on the verify step: `<SessionVerification>` has its own, and its first code box takes the focus.
 */
export const TotpEnrollmentTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(
  function TotpEnrollmentTitle(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    // Each later step moves focus to its heading, so a screen reader announces it (not the first: the page's own).
    const own = useRef<HTMLHeadingElement | null>(null);
    const shownStep = useRef(screen.step);
    useEffect(() => {
      if (shownStep.current === screen.step) return;
      shownStep.current = screen.step;
      // None on the verify step (nothing rendered): SessionVerification focuses its first code box.
      own.current?.focus();
    }, [screen.step]);
    const setRef = (element: HTMLHeadingElement | null) => {
      own.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    };
    // Mounted on every step (the layout keeps it), so the step after the verify step still moves the focus here.
    if (screen.step === 'verify') return null;
    return (
      <Title tabIndex={-1} data-step={screen.step} {...props} ref={setRef}>
        {props.children ??
          t(screen.step === 'start' && screen.isEnrolled ? 'totpEnrollment.doneTitle' : TITLES[screen.step])}
      </Title>
    );
  },
);

/** The step's explanation (none while scanning: the instruction is by the QR code; none on the verify step). */
export const TotpEnrollmentDescription = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function TotpEnrollmentDescription(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    let id: MessageId | null = null;
    if (screen.step === 'start')
      id = screen.isEnrolled ? 'totpEnrollment.alreadyEnrolled' : 'totpEnrollment.description';
    else if (screen.step === 'scan') id = 'totpEnrollment.scanInstruction';
    else if (screen.step === 'save') id = 'totpRecoveryCodes.description';
    else id = 'totpEnrollment.doneDescription';
    if ((!screen.hasUser && screen.step === 'start') || screen.step === 'verify') return null;
    return (
      <Description data-step={screen.step} {...props} ref={ref}>
        {props.children ?? t(id)}
      </Description>
    );
  },
);

/** The current error (`data-part="error"`, role alert): nobody signed in, a refusal, a wrong first code. */
export const TotpEnrollmentError = createErrorPart('TotpEnrollmentError', SCOPE, useScreen, (s) => ({
  error: s.error,
  id: s.ids.error,
}));

/** 'Set up authenticator app' (`data-part="start"`, a spinner 'Setting up' while it runs); start step, signed in. */
export const TotpEnrollmentStart = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function TotpEnrollmentStart(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    if (screen.step !== 'start' || !screen.hasUser || screen.isEnrolled || screen.unverifiedIdentifier !== null) {
      return null;
    }
    return (
      <StartButton
        type="button"
        data-variant="primary"
        disabled={screen.isStarting}
        aria-busy={screen.isStarting || undefined}
        data-pending={screen.isStarting ? '' : undefined}
        {...props}
        onClick={composeEventHandlers(props.onClick, () => screen.start())}
        ref={ref}
      >
        {props.children ?? (
          <>
            {t('totpEnrollment.start')}
            {screen.isStarting ? <Spinner label={t('totpEnrollment.starting')} /> : null}
          </>
        )}
      </StartButton>
    );
  },
);

/**
 * The QR code (`data-part="qr-code"`): the provider's image, shown only when it is a PNG or SVG data URL, with the
 * alt text 'QR code to scan with your authenticator app'; otherwise 'The QR code cannot be shown…' (role alert).
 */
export const TotpEnrollmentQrCode = forwardRef<HTMLImageElement, PartProps<'img'>>(
  function TotpEnrollmentQrCode(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    if (screen.step !== 'scan') return null;
    if (screen.qrCode === null) {
      return <ErrorMessage data-scope={SCOPE} data-part="qr-code-error" error={t('totpEnrollment.qrUnavailable')} />;
    }
    return <QrCode src={screen.qrCode} alt={t('totpEnrollment.qrAlt')} width={200} height={200} {...props} ref={ref} />;
  },
);

/**
 * The key for manual entry (`data-part="manual-key"`): "Can't scan it? Enter this key in your app:", the key in
 * groups of four (`<code>`, selectable; each group a `data-part="manual-key-group"`, which a line never splits), 'Copy key' ('Copied' for 2 seconds, announced) and, when the provider sent
 * one, the 'Open in authenticator app' `otpauth://` link.
 */
export const TotpEnrollmentManualKey = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function TotpEnrollmentManualKey(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    if (screen.step !== 'scan') return null;
    return (
      <ManualKey {...props} ref={ref}>
        {props.children ?? (
          <>
            <ManualKeyLabel>{t('totpEnrollment.manualKeyLabel')}</ManualKeyLabel>
            <ManualKeyValue>
              {screen.manualKey.split(' ').map((group, index) => (
                // The groups are fixed for one key, in order: the index is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Fragment key={index}>
                  {index > 0 ? ' ' : null}
                  <ManualKeyGroup>{group}</ManualKeyGroup>
                </Fragment>
              ))}
            </ManualKeyValue>
            <CopyKey
              type="button"
              aria-live="polite"
              data-copied={screen.copied === 'key' ? '' : undefined}
              onClick={screen.copyKey}
            >
              {screen.copied === 'key' ? t('totpEnrollment.copied') : t('totpEnrollment.copyKey')}
            </CopyKey>
            {screen.otpauthUri ? <OpenInApp href={screen.otpauthUri}>{t('totpEnrollment.openInApp')}</OpenInApp> : null}
          </>
        )}
      </ManualKey>
    );
  },
);

const Code = createAppCodeParts(SCOPE, useScreen);

/** One digit box (`data-part="digit"`, `data-index`, `data-filled`); `index` is 0-based. */
export const TotpEnrollmentDigit = Code.Digit;

/**
 * The first code (`data-part="code-form"`): the visible label 'Code from your app' (`data-part="code-label"`), which
 * names the group of six boxes (`data-part="code-input"`, `data-invalid` after a refusal), submitted at the sixth
 * digit; 'Verifying' while checked. (The verify step's code is `<SessionVerification>`'s: `TotpEnrollment.Verify`.)
 */
export const TotpEnrollmentCodeInput = forwardRef<HTMLFormElement, PartProps<'form'>>(
  function TotpEnrollmentCodeInput(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    if (screen.step !== 'scan') return null;
    return (
      <CodeForm
        noValidate
        data-step={screen.step}
        {...props}
        onSubmit={composeEventHandlers(props.onSubmit, (event: FormEvent<HTMLFormElement>) => event.preventDefault())}
        ref={ref}
      >
        {props.children ?? (
          <>
            <Code.Boxes />
            {screen.isVerifying ? (
              <Verifying aria-busy="true">
                {t('totpEnrollment.verifying')}
                <Spinner label={t('totpEnrollment.verifying')} />
              </Verifying>
            ) : null}
          </>
        )}
      </CodeForm>
    );
  },
);

/**
 * The scan step's back arrow ('Back', `data-part="back"`): to the start step (a new start replaces the secret). The
 * verify step's is `<SessionVerification>`'s (`data-scope="session-verification"`).
 */
export const TotpEnrollmentBack = createBackPart(NAME, SCOPE, useScreen);

/**
 * The verify step: "Confirm it's you" (`<SessionVerification>`, `data-scope="session-verification"`: its back arrow,
 * heading, description, the six boxes with the first focused, or a recovery code, its error and 'Continue'), before
 * the app is removed or new recovery codes are issued; Back returns to the app's management with nothing changed.
 * Nothing on the other steps. For another layout of the step: `useSessionVerification(screen.verification)`,
 * `<SessionVerification.Provider value>` and its parts.
 */
export function TotpEnrollmentVerify() {
  const screen = useScreen();
  if (screen.verification === null) return null;
  return <SessionVerification source={screen.verification} />;
}

/**
 * Once the user has an app (start step when enrolled, done step): 'Regenerate recovery codes' (a new set, shown in
 * the save step; the earlier codes stop working) and 'Remove authenticator app', which asks first: 'Remove the
 * authenticator app?…' (`data-part="remove-warning"`, role alert) with 'Remove' and 'Cancel'
 * (`data-part="manage"`, `data-confirming` meanwhile; each button `data-part="manage-button"` with `data-action`).
 */
export const TotpEnrollmentManage = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function TotpEnrollmentManage(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    if (!screen.canManage) return null;
    const button = (action: string, label: MessageId, onPress: () => void, variant?: string) => (
      <ManageButton
        type="button"
        data-action={action}
        data-variant={variant}
        disabled={screen.isManaging}
        aria-busy={screen.isManaging || undefined}
        onClick={onPress}
      >
        {t(label)}
      </ManageButton>
    );
    return (
      <Manage data-confirming={screen.isConfirmingRemove ? '' : undefined} {...props} ref={ref}>
        {props.children ??
          (screen.isConfirmingRemove ? (
            <>
              <RemoveConfirmText role="alert">{t('totpEnrollment.removeWarning')}</RemoveConfirmText>
              {button('confirm-remove', 'totpEnrollment.removeConfirm', screen.confirmRemove, 'danger')}
              {button('cancel-remove', 'totpEnrollment.removeCancel', screen.cancelRemove)}
            </>
          ) : (
            <>
              {button('regenerate', 'totpEnrollment.regenerate', screen.regenerateRecoveryCodes)}
              {button('remove', 'totpEnrollment.remove', screen.requestRemove)}
            </>
          ))}
      </Manage>
    );
  },
);

/** The recovery codes (`data-scope="totp-recovery-codes" data-part="list"`, named 'Recovery codes'), one per item. */
export const TotpEnrollmentRecoveryCodes = forwardRef<HTMLUListElement, PartProps<'ul'>>(
  function TotpEnrollmentRecoveryCodes(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    if (screen.step !== 'save') return null;
    return (
      <CodesList id={screen.ids.codes} aria-label={t('totpRecoveryCodes.listLabel')} {...props} ref={ref}>
        {props.children ?? screen.recoveryCodes.map((code) => <CodesItem key={code}>{code}</CodesItem>)}
      </CodesList>
    );
  },
);

/** 'Copy codes' ('Copied' for 2 seconds, announced) and 'Download codes' (`recovery-codes.txt`). */
export const TotpEnrollmentRecoveryCodesActions = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function TotpEnrollmentRecoveryCodesActions(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    if (screen.step !== 'save') return null;
    return (
      <CodesActions {...props} ref={ref}>
        {props.children ?? (
          <>
            <CodesCopy
              type="button"
              aria-live="polite"
              aria-controls={screen.ids.codes}
              data-copied={screen.copied === 'codes' ? '' : undefined}
              onClick={screen.copyCodes}
            >
              {screen.copied === 'codes' ? t('totpRecoveryCodes.copied') : t('totpRecoveryCodes.copy')}
            </CodesCopy>
            <CodesDownload type="button" onClick={screen.downloadCodes}>
              {t('totpRecoveryCodes.download')}
            </CodesDownload>
          </>
        )}
      </CodesActions>
    );
  },
);

/**
 * 'I have saved these codes' (a checkbox, `data-part="saved"`) and 'Continue' (`data-part="submit"`), enabled once it
 * is ticked: the enrolment is done.
 */
export const TotpEnrollmentRecoveryCodesConfirm = forwardRef<HTMLFormElement, PartProps<'form'>>(
  function TotpEnrollmentRecoveryCodesConfirm(props, ref) {
    const screen = useScreen();
    const t = useMessages(totpMessages);
    if (screen.step !== 'save') return null;
    return (
      <form
        data-scope={CODES_SCOPE}
        data-part="confirm"
        noValidate
        {...props}
        onSubmit={composeEventHandlers(props.onSubmit, (event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          screen.finish();
        })}
        ref={ref}
      >
        {props.children ?? (
          <>
            <SavedLabel htmlFor={screen.ids.savedCheckbox}>
              <SavedCheckbox
                id={screen.ids.savedCheckbox}
                type="checkbox"
                checked={screen.hasSavedCodes}
                onChange={(event) => screen.setHasSavedCodes(event.currentTarget.checked)}
              />
              {t('totpRecoveryCodes.confirm')}
            </SavedLabel>
            <Continue
              type="submit"
              disabled={!screen.hasSavedCodes}
              data-disabled={screen.hasSavedCodes ? undefined : ''}
            >
              {t('totpRecoveryCodes.continue')}
            </Continue>
          </>
        )}
      </form>
    );
  },
);

/**
 * After an `identifier_not_verified` refusal: the verification of the account's address (`<IdentifierVerification>`,
 * `data-scope="identifier-verification"`: 'Send passcode', the six boxes), then the enrolment starts again.
 */
export function TotpEnrollmentVerifyIdentifier() {
  const screen = useScreen();
  if (screen.unverifiedIdentifier === null) return null;
  return <IdentifierVerification identifier={screen.unverifiedIdentifier} onVerified={screen.start} />;
}

/** The check graphic of the done step (`data-part="icon"`), decorative. */
export function TotpEnrollmentDoneIcon() {
  const screen = useScreen();
  return screen.step === 'done' ? <SuccessIcon data-scope={SCOPE} /> : null;
}

/**
 * The default layout: the scan step's back arrow, the done step's check, title, description, error (and the address verification it may call
 * for), then the step's parts (start button; QR
 * code, manual key, first code; the verify step's "Confirm it's you"; recovery codes, copy/download, 'I have saved these codes' and Continue), and once an
 * app is set up, 'Regenerate recovery codes' and 'Remove authenticator app'.
 */
export function TotpEnrollmentLayout() {
  return (
    <TotpEnrollmentRoot>
      <TotpEnrollmentBack />
      <TotpEnrollmentDoneIcon />
      <TotpEnrollmentTitle />
      <TotpEnrollmentDescription />
      <TotpEnrollmentQrCode />
      <TotpEnrollmentManualKey />
      <TotpEnrollmentCodeInput />
      <TotpEnrollmentVerify />
      <TotpEnrollmentRecoveryCodes />
      <TotpEnrollmentRecoveryCodesActions />
      <TotpEnrollmentError />
      <TotpEnrollmentVerifyIdentifier />
      <TotpEnrollmentStart />
      <TotpEnrollmentRecoveryCodesConfirm />
      <TotpEnrollmentManage />
    </TotpEnrollmentRoot>
  );
}

/** Props of `<TotpEnrollment>`: `useTotpEnrollment`'s options and `onDone`. */
export type TotpEnrollmentProps = UseTotpEnrollmentScreenOptions;

/**
 * Enrols an authenticator app for the signed-in user (an account or security page, inside `<LatchkeyProvider
 * client>`): 'Set up authenticator app', the QR code and the key, the first code, then the recovery codes to save.
 * Once set up, removing it or new recovery codes first ask for a code from the app ("Confirm it's you") when the
 * session never gave one. Without a signed-in user it shows 'Error: Cannot use TotpEnrollment component without active user authenticated.'
 */
export function TotpEnrollment(props: TotpEnrollmentProps) {
  const value = useTotpEnrollmentScreen(props);
  return (
    <TotpEnrollmentProvider value={value}>
      <TotpEnrollmentLayout />
    </TotpEnrollmentProvider>
  );
}
TotpEnrollment.Provider = TotpEnrollmentProvider;
TotpEnrollment.Layout = TotpEnrollmentLayout;
TotpEnrollment.Root = TotpEnrollmentRoot;
TotpEnrollment.DoneIcon = TotpEnrollmentDoneIcon;
TotpEnrollment.Back = TotpEnrollmentBack;
TotpEnrollment.Title = TotpEnrollmentTitle;
TotpEnrollment.Description = TotpEnrollmentDescription;
TotpEnrollment.Error = TotpEnrollmentError;
TotpEnrollment.Start = TotpEnrollmentStart;
TotpEnrollment.VerifyIdentifier = TotpEnrollmentVerifyIdentifier;
TotpEnrollment.QrCode = TotpEnrollmentQrCode;
TotpEnrollment.ManualKey = TotpEnrollmentManualKey;
TotpEnrollment.CodeInput = TotpEnrollmentCodeInput;
TotpEnrollment.Verify = TotpEnrollmentVerify;
TotpEnrollment.Digit = TotpEnrollmentDigit;
TotpEnrollment.RecoveryCodes = TotpEnrollmentRecoveryCodes;
TotpEnrollment.RecoveryCodesActions = TotpEnrollmentRecoveryCodesActions;
TotpEnrollment.RecoveryCodesConfirm = TotpEnrollmentRecoveryCodesConfirm;
TotpEnrollment.Manage = TotpEnrollmentManage;
