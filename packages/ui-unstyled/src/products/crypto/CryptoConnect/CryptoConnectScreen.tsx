import { forwardRef } from 'react';
import { Spinner, type SpinnerProps } from '../../../components/Spinner';
import { createPart } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createBackPart, createMessagePart, createScreen } from '../../../screens/shared/screenParts';
import { cryptoMessages } from '../messages';
import { type UseCryptoConnectScreenReturn, useCryptoConnectScreen } from './useCryptoConnectScreen';

export * from './useCryptoConnectScreen';

const SCOPE = 'crypto-connect';
const { Provider, useScreenContext } = createScreenContext<UseCryptoConnectScreenReturn>('CryptoConnectScreen');

/** Provides CryptoConnect's state (`useCryptoConnectScreen()`, or a fixed value) to its parts. */
export const CryptoConnectScreenProvider = Provider;

/** The screen's container (`data-scope="crypto-connect" data-part="root"`). */
export const CryptoConnectScreenRoot = createPart(SCOPE, 'root', 'div');

/** The back arrow to Main (`data-part="back"`): leaves the attempt. */
export const CryptoConnectScreenBack = createBackPart('CryptoConnectScreen', SCOPE, useScreenContext);

/** The heading 'Connecting to your wallet...'. */
export const CryptoConnectScreenTitle = createMessagePart(
  SCOPE,
  'title',
  'h2',
  'cryptoConnect.title',
  { tabIndex: -1 },
  cryptoMessages,
);
CryptoConnectScreenTitle.displayName = 'CryptoConnectScreenTitle';

/** 'Finish connecting in the pop-up from your wallet.' (`data-part="description"`) */
export const CryptoConnectScreenDescription = createMessagePart(
  SCOPE,
  'description',
  'p',
  'cryptoConnect.description',
  {},
  cryptoMessages,
);
CryptoConnectScreenDescription.displayName = 'CryptoConnectScreenDescription';

/** The busy indicator while the wallet answers (`data-part="spinner"`, role status). */
export const CryptoConnectScreenSpinner = forwardRef<HTMLSpanElement, SpinnerProps>(
  function CryptoConnectScreenSpinner(props, ref) {
    return <Spinner data-scope={SCOPE} data-part="spinner" {...props} ref={ref} />;
  },
);

/** The default layout: back, title, description, spinner. */
export function CryptoConnectScreenLayout() {
  return (
    <CryptoConnectScreenRoot>
      <CryptoConnectScreenBack />
      <CryptoConnectScreenTitle />
      <CryptoConnectScreenDescription />
      <CryptoConnectScreenSpinner />
    </CryptoConnectScreenRoot>
  );
}

/**
 * CryptoConnect: 'Connecting to your wallet...' while the chosen wallet asks the user to connect, with a
 * back arrow. Inside `<SignIn>`. For another layout: `useCryptoConnectScreen()`, `<CryptoConnectScreen.Provider
 * value>` and the parts.
 */
export const CryptoConnectScreen = createScreen('CryptoConnectScreen', useCryptoConnectScreen, {
  Provider: CryptoConnectScreenProvider,
  Layout: CryptoConnectScreenLayout,
  Root: CryptoConnectScreenRoot,
  Back: CryptoConnectScreenBack,
  Title: CryptoConnectScreenTitle,
  Description: CryptoConnectScreenDescription,
  Spinner: CryptoConnectScreenSpinner,
});
