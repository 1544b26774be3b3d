import { forwardRef } from 'react';
import { Spinner } from '../../../components/Spinner';
import { useMessages } from '../../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createErrorPart, createMessagePart, createScreen } from '../../../screens/shared/screenParts';
import { IdentifierVerification } from '../../otp/IdentifierVerification';
import { SessionVerification } from '../../totp/SessionVerification/SessionVerification';
import { passkeyMessages } from '../messages';
import {
  type UsePasskeyRegistrationStartScreenReturn,
  usePasskeyRegistrationStartScreen,
} from './usePasskeyRegistrationStartScreen';

export * from './usePasskeyRegistrationStartScreen';

const SCOPE = 'passkey-registration-start';
const { Provider, useScreenContext } = createScreenContext<UsePasskeyRegistrationStartScreenReturn>(
  'PasskeyRegistrationStartScreen',
);
const Create = createPart(SCOPE, 'create', 'button');
const Verified = createPart(SCOPE, 'verified', 'p');
const Skip = createPart(SCOPE, 'skip', 'button');

/** Provides the screen's state (`usePasskeyRegistrationStartScreen()`, or a fixed value) to its parts. */
export const PasskeyRegistrationStartScreenProvider = Provider;

/** The screen's container (`data-scope="passkey-registration-start" data-part="root"`). */
export const PasskeyRegistrationStartScreenRoot = createPart(SCOPE, 'root', 'div');

/** The heading 'Set up a new Passkey'. */
export const PasskeyRegistrationStartScreenTitle = createMessagePart(
  SCOPE,
  'title',
  'h2',
  'passkeyRegistrationStart.title',
  { tabIndex: -1 },
  passkeyMessages,
);

/** 'Create a Passkey' (`data-part="create"`): disabled with a spinner while the user is checked and the ceremony runs. */
export const PasskeyRegistrationStartScreenCreate = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function PasskeyRegistrationStartScreenCreate(props, ref) {
    const screen = useScreenContext();
    const t = useMessages(passkeyMessages);
    return (
      <Create
        type="button"
        disabled={screen.isPending}
        aria-busy={screen.isPending || undefined}
        data-pending={screen.isPending ? '' : undefined}
        {...props}
        onClick={composeEventHandlers(props.onClick, screen.create)}
        ref={ref}
      >
        {props.children ?? (
          <>
            {t('passkeyRegistrationStart.create')}
            {screen.isPending ? <Spinner /> : null}
          </>
        )}
      </Create>
    );
  },
);

/** 'Skip' (`data-part="skip"`): records the skip and goes on to PasskeyRegistrationSuccess. */
export const PasskeyRegistrationStartScreenSkip = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function PasskeyRegistrationStartScreenSkip(props, ref) {
    const screen = useScreenContext();
    const t = useMessages(passkeyMessages);
    return (
      <Skip
        type="button"
        disabled={screen.isPending}
        {...props}
        onClick={composeEventHandlers(props.onClick, screen.skip)}
        ref={ref}
      >
        {props.children ?? t('passkeyRegistrationStart.skip')}
      </Skip>
    );
  },
);

/** Why no passkey was created (`data-part="error"`, role alert); nothing without an error. */
export const PasskeyRegistrationStartScreenError = createErrorPart(
  'PasskeyRegistrationStartScreenError',
  SCOPE,
  useScreenContext,
  (s) => ({ error: s.error }),
);

/**
 * After an `identifier_not_verified` refusal: the verification of the account's address (`<IdentifierVerification>`,
 * `data-scope="identifier-verification"`); once proved, '{identifier} is verified. Create your passkey now.'
 * (`data-part="verified"`, role status) until 'Create a Passkey' is pressed again.
 */
export function PasskeyRegistrationStartScreenVerifyIdentifier() {
  const screen = useScreenContext();
  const t = useMessages(passkeyMessages);
  if (screen.verifiedIdentifier !== null) {
    return (
      <Verified role="status">
        {t('passkeyRegistrationStart.identifierVerified', { identifier: screen.verifiedIdentifier })}
      </Verified>
    );
  }
  if (screen.unverifiedIdentifier === null) return null;
  return <IdentifierVerification identifier={screen.unverifiedIdentifier} onVerified={screen.identifierVerified} />;
}

/**
 * Under multi-factor sign-in, when this session must prove the second factor before a passkey is added: "Confirm it's
 * you" (`<SessionVerification>`, `data-scope="session-verification"`: a code from the authenticator app, its first box
 * focused, or a recovery code, and Back), after which the passkey is created. Nothing otherwise.
 */
export function PasskeyRegistrationStartScreenVerify() {
  const screen = useScreenContext();
  if (screen.verification === null) return null;
  return <SessionVerification source={screen.verification} />;
}

/**
 * The default layout: title, error (and the address verification it may call for), 'Create a Passkey', 'Skip'; or,
 * while this session must prove the second factor, "Confirm it's you" alone.
 */
export function PasskeyRegistrationStartScreenLayout() {
  const screen = useScreenContext();
  if (screen.verification !== null) {
    return (
      <PasskeyRegistrationStartScreenRoot data-step="verify">
        <PasskeyRegistrationStartScreenVerify />
      </PasskeyRegistrationStartScreenRoot>
    );
  }
  return (
    <PasskeyRegistrationStartScreenRoot>
      <PasskeyRegistrationStartScreenTitle />
      <PasskeyRegistrationStartScreenError />
      <PasskeyRegistrationStartScreenVerifyIdentifier />
      <PasskeyRegistrationStartScreenCreate />
      <PasskeyRegistrationStartScreenSkip />
    </PasskeyRegistrationStartScreenRoot>
  );
}

/**
 * PasskeyRegistrationStart: 'Set up a new Passkey', 'Create a Passkey' and 'Skip'; a failure
 * shows the spec's text and stays; a session that must prove the second factor first shows "Confirm it's you". Inside `<PasskeyRegistration>`. For another layout:
 * `usePasskeyRegistrationStartScreen()`, `<PasskeyRegistrationStartScreen.Provider value>` and the parts.
 */
export const PasskeyRegistrationStartScreen = createScreen(
  'PasskeyRegistrationStartScreen',
  usePasskeyRegistrationStartScreen,
  {
    Provider: PasskeyRegistrationStartScreenProvider,
    Layout: PasskeyRegistrationStartScreenLayout,
    Root: PasskeyRegistrationStartScreenRoot,
    Title: PasskeyRegistrationStartScreenTitle,
    Create: PasskeyRegistrationStartScreenCreate,
    Skip: PasskeyRegistrationStartScreenSkip,
    Error: PasskeyRegistrationStartScreenError,
    VerifyIdentifier: PasskeyRegistrationStartScreenVerifyIdentifier,
    Verify: PasskeyRegistrationStartScreenVerify,
  },
);
