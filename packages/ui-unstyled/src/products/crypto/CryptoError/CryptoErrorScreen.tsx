import { createPart } from '../../../primitives/createPart';
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

/** The default layout: back, title, description. */
export function CryptoErrorScreenLayout() {
  return (
    <CryptoErrorScreenRoot>
      <CryptoErrorScreenBack />
      <CryptoErrorScreenTitle />
      <CryptoErrorScreenDescription />
    </CryptoErrorScreenRoot>
  );
}

/**
 * CryptoError: 'Looks like there was an error!' after a wallet connection, signature or sign-in failed,
 * with a back arrow to Main. Inside `<SignIn>`. For another layout: `useCryptoErrorScreen()`,
 * `<CryptoErrorScreen.Provider value>` and the parts.
 */
export const CryptoErrorScreen = createScreen('CryptoErrorScreen', useCryptoErrorScreen, {
  Provider: CryptoErrorScreenProvider,
  Layout: CryptoErrorScreenLayout,
  Root: CryptoErrorScreenRoot,
  Back: CryptoErrorScreenBack,
  Title: CryptoErrorScreenTitle,
  Description: CryptoErrorScreenDescription,
});
