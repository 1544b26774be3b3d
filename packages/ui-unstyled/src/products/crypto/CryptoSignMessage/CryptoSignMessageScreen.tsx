import { forwardRef } from 'react';
import { Spinner, type SpinnerProps } from '../../../components/Spinner';
import { createPart } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createMessagePart, createScreen } from '../../../screens/shared/screenParts';
import { cryptoMessages } from '../messages';
import { type UseCryptoSignMessageScreenReturn, useCryptoSignMessageScreen } from './useCryptoSignMessageScreen';

export * from './useCryptoSignMessageScreen';

const SCOPE = 'crypto-sign-message';
const { Provider } = createScreenContext<UseCryptoSignMessageScreenReturn>('CryptoSignMessageScreen');

/** Provides CryptoSignMessage's state (`useCryptoSignMessageScreen()`, or a fixed value) to its parts. */
export const CryptoSignMessageScreenProvider = Provider;

/** The screen's container (`data-scope="crypto-sign-message" data-part="root"`). */
export const CryptoSignMessageScreenRoot = createPart(SCOPE, 'root', 'div');

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

/** The default layout: title, description, spinner. */
export function CryptoSignMessageScreenLayout() {
  return (
    <CryptoSignMessageScreenRoot>
      <CryptoSignMessageScreenTitle />
      <CryptoSignMessageScreenDescription />
      <CryptoSignMessageScreenSpinner />
    </CryptoSignMessageScreenRoot>
  );
}

/**
 * CryptoSignMessage: 'Completing signature request...' while the wallet signs the provider's challenge.
 * Inside `<SignIn>`. For another layout: `useCryptoSignMessageScreen()`, `<CryptoSignMessageScreen.Provider value>`
 * and the parts.
 */
export const CryptoSignMessageScreen = createScreen('CryptoSignMessageScreen', useCryptoSignMessageScreen, {
  Provider: CryptoSignMessageScreenProvider,
  Layout: CryptoSignMessageScreenLayout,
  Root: CryptoSignMessageScreenRoot,
  Title: CryptoSignMessageScreenTitle,
  Description: CryptoSignMessageScreenDescription,
  Spinner: CryptoSignMessageScreenSpinner,
});
