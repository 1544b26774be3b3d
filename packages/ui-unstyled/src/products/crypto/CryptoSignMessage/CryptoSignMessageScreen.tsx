import { forwardRef } from 'react';
import { BackButton, type BackButtonProps } from '../../../components/BackButton';
import { Spinner, type SpinnerProps } from '../../../components/Spinner';
import { composeEventHandlers, createPart } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createMessagePart, createScreen } from '../../../screens/shared/screenParts';
import { cryptoMessages } from '../messages';
import { type UseCryptoSignMessageScreenReturn, useCryptoSignMessageScreen } from './useCryptoSignMessageScreen';

export * from './useCryptoSignMessageScreen';

const SCOPE = 'crypto-sign-message';
const { Provider, useScreenContext } = createScreenContext<UseCryptoSignMessageScreenReturn>('CryptoSignMessageScreen');

/** Provides CryptoSignMessage's state (`useCryptoSignMessageScreen()`, or a fixed value) to its parts. */
export const CryptoSignMessageScreenProvider = Provider;

/** The screen's container (`data-scope="crypto-sign-message" data-part="root"`). */
export const CryptoSignMessageScreenRoot = createPart(SCOPE, 'root', 'div');

/**
 * The back arrow to Main (`data-part="back"`): leaves the attempt, so a user who closed or ignored the wallet's
 * pop-up is never stuck on this screen. Nothing without a `back` in the value.
 */
export const CryptoSignMessageScreenBack = forwardRef<HTMLButtonElement, BackButtonProps>(
  function CryptoSignMessageScreenBack(props, ref) {
    const screen = useScreenContext();
    const back = screen.back;
    if (!back) return null;
    return (
      <BackButton
        data-scope={SCOPE}
        data-part="back"
        {...props}
        onClick={composeEventHandlers(props.onClick, () => back())}
        ref={ref}
      />
    );
  },
);

/** The heading 'Completing signature request...'. */
export const CryptoSignMessageScreenTitle = createMessagePart(
  SCOPE,
  'title',
  'h2',
  'cryptoSignMessage.title',
  { tabIndex: -1 },
  cryptoMessages,
);
CryptoSignMessageScreenTitle.displayName = 'CryptoSignMessageScreenTitle';

/** 'Sign the message in the pop-up from your wallet to log in.' (`data-part="description"`) */
export const CryptoSignMessageScreenDescription = createMessagePart(
  SCOPE,
  'description',
  'p',
  'cryptoSignMessage.description',
  {},
  cryptoMessages,
);
CryptoSignMessageScreenDescription.displayName = 'CryptoSignMessageScreenDescription';

/** The busy indicator while the wallet signs and the provider checks the signature (`data-part="spinner"`, role status). */
export const CryptoSignMessageScreenSpinner = forwardRef<HTMLSpanElement, SpinnerProps>(
  function CryptoSignMessageScreenSpinner(props, ref) {
    return <Spinner data-scope={SCOPE} data-part="spinner" {...props} ref={ref} />;
  },
);

/** The default layout: back, title, description, spinner. */
export function CryptoSignMessageScreenLayout() {
  return (
    <CryptoSignMessageScreenRoot>
      <CryptoSignMessageScreenBack />
      <CryptoSignMessageScreenTitle />
      <CryptoSignMessageScreenDescription />
      <CryptoSignMessageScreenSpinner />
    </CryptoSignMessageScreenRoot>
  );
}

/**
 * CryptoSignMessage: 'Completing signature request...' while the wallet signs the provider's challenge, with a back
 * arrow.
 * Inside `<SignIn>`. For another layout: `useCryptoSignMessageScreen()`, `<CryptoSignMessageScreen.Provider value>`
 * and the parts.
 */
export const CryptoSignMessageScreen = createScreen('CryptoSignMessageScreen', useCryptoSignMessageScreen, {
  Provider: CryptoSignMessageScreenProvider,
  Layout: CryptoSignMessageScreenLayout,
  Root: CryptoSignMessageScreenRoot,
  Back: CryptoSignMessageScreenBack,
  Title: CryptoSignMessageScreenTitle,
  Description: CryptoSignMessageScreenDescription,
  Spinner: CryptoSignMessageScreenSpinner,
});
