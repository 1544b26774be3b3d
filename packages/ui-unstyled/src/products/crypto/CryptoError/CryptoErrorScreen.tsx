import { forwardRef } from 'react';
import { useMessages } from '../../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createBackPart, createMessagePart, createScreen } from '../../../screens/shared/screenParts';
import { cryptoMessages } from '../messages';
import { type UseCryptoErrorScreenReturn, useCryptoErrorScreen } from './useCryptoErrorScreen';

export * from './useCryptoErrorScreen';

const SCOPE = 'crypto-error';
const { Provider, useScreenContext } = createScreenContext<UseCryptoErrorScreenReturn>('CryptoErrorScreen');

/** Provides CryptoError's state (`useCryptoErrorScreen()`, or a fixed value) to its parts. */
export const CryptoErrorScreenProvider = Provider;

/** The screen's container (`data-scope="crypto-error" data-part="root"`). */
export const CryptoErrorScreenRoot = createPart(SCOPE, 'root', 'div');

/** The back arrow to Main (`data-part="back"`), to try again. */
export const CryptoErrorScreenBack = createBackPart('CryptoErrorScreen', SCOPE, useScreenContext);

/** The heading 'Looks like there was an error!'. */
export const CryptoErrorScreenTitle = createMessagePart(
  SCOPE,
  'title',
  'h2',
  'cryptoError.title',
  { tabIndex: -1 },
  cryptoMessages,
);
CryptoErrorScreenTitle.displayName = 'CryptoErrorScreenTitle';

/**
 * 'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!'
 * (`data-part="description"`, role alert, so it is announced as the error screen's message is).
 */
export const CryptoErrorScreenDescription = createMessagePart(
  SCOPE,
  'description',
  'p',
  'cryptoError.description',
  { role: 'alert' },
  cryptoMessages,
);
CryptoErrorScreenDescription.displayName = 'CryptoErrorScreenDescription';

const Reason = createPart(SCOPE, 'reason', 'p');
const TryAgainButton = createPart(SCOPE, 'try-again', 'button');

/**
 * What happened, in a plain sentence (`data-part="reason"`, `data-error-type`): 'Your wallet did not sign the
 * message, so you are not logged in.' for a refused signature, 'Your wallet did not connect, so you are not logged
 * in.' for a refused connection, the provider's own text for its refusal; nothing without an error.
 */
export const CryptoErrorScreenReason = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function CryptoErrorScreenReason(props, ref) {
    const screen = useScreenContext();
    const t = useMessages(cryptoMessages);
    const error = screen.error;
    if (!error) return null;
    const text =
      error.type === 'crypto_sign_failed'
        ? t('cryptoError.signRefused')
        : error.type === 'crypto_connect_failed'
          ? t('cryptoError.connectRefused')
          : error.message;
    return (
      <Reason data-error-type={error.type} {...props} ref={ref}>
        {props.children ?? text}
      </Reason>
    );
  },
);

/**
 * 'Try again' (`data-part="try-again"`): asks the same wallet again, from this click (wallets and pop-up blockers
 * want the request inside a user gesture). Nothing without a `tryAgain` in the value.
 */
export const CryptoErrorScreenTryAgain = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function CryptoErrorScreenTryAgain(props, ref) {
    const screen = useScreenContext();
    const t = useMessages(cryptoMessages);
    const tryAgain = screen.tryAgain;
    if (!tryAgain) return null;
    return (
      <TryAgainButton
        type="button"
        {...props}
        onClick={composeEventHandlers(props.onClick, () => tryAgain())}
        ref={ref}
      >
        {props.children ?? t('cryptoError.tryAgain')}
      </TryAgainButton>
    );
  },
);

/** The default layout: back, title, what happened, the spec's text, 'Try again'. */
export function CryptoErrorScreenLayout() {
  return (
    <CryptoErrorScreenRoot>
      <CryptoErrorScreenBack />
      <CryptoErrorScreenTitle />
      <CryptoErrorScreenReason />
      <CryptoErrorScreenDescription />
      <CryptoErrorScreenTryAgain />
    </CryptoErrorScreenRoot>
  );
}

/**
 * CryptoError: 'Looks like there was an error!' after a wallet connection, signature or sign-in failed: what
 * happened, the spec's text, 'Try again' (the same wallet) and a back arrow to Main. Inside `<SignIn>`. For another layout: `useCryptoErrorScreen()`,
 * `<CryptoErrorScreen.Provider value>` and the parts.
 */
export const CryptoErrorScreen = createScreen('CryptoErrorScreen', useCryptoErrorScreen, {
  Provider: CryptoErrorScreenProvider,
  Layout: CryptoErrorScreenLayout,
  Root: CryptoErrorScreenRoot,
  Back: CryptoErrorScreenBack,
  Title: CryptoErrorScreenTitle,
  Description: CryptoErrorScreenDescription,
  Reason: CryptoErrorScreenReason,
  TryAgain: CryptoErrorScreenTryAgain,
});
