import { SuccessIcon } from '../../../components/SuccessIcon';
import { createPart } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createMessagePart, createScreen } from '../../../screens/shared/screenParts';
import { cryptoMessages } from '../messages';
import { type UseCryptoConfirmationScreenReturn, useCryptoConfirmationScreen } from './useCryptoConfirmationScreen';

export * from './useCryptoConfirmationScreen';

const SCOPE = 'crypto-confirmation';
const { Provider } = createScreenContext<UseCryptoConfirmationScreenReturn>('CryptoConfirmationScreen');

/** Provides CryptoConfirmation's state (`useCryptoConfirmationScreen()`, or `{}`) to its parts. */
export const CryptoConfirmationScreenProvider = Provider;

/** The screen's container (`data-scope="crypto-confirmation" data-part="root"`). */
export const CryptoConfirmationScreenRoot = createPart(SCOPE, 'root', 'div');

/** The heading 'Success!'. */
export const CryptoConfirmationScreenTitle = createMessagePart(
  SCOPE,
  'title',
  'h2',
  'cryptoConfirmation.title',
  { tabIndex: -1 },
  cryptoMessages,
);
CryptoConfirmationScreenTitle.displayName = 'CryptoConfirmationScreenTitle';

/** 'You have successfully connected your wallet.' */
export const CryptoConfirmationScreenDescription = createMessagePart(
  SCOPE,
  'description',
  'p',
  'cryptoConfirmation.description',
  {},
  cryptoMessages,
);
CryptoConfirmationScreenDescription.displayName = 'CryptoConfirmationScreenDescription';

/** The check graphic (`data-part="icon"`), decorative. */
export function CryptoConfirmationScreenIcon() {
  return <SuccessIcon data-scope={SCOPE} />;
}

/** The default layout: check graphic, title, description. */
export function CryptoConfirmationScreenLayout() {
  return (
    <CryptoConfirmationScreenRoot>
      <CryptoConfirmationScreenIcon />
      <CryptoConfirmationScreenTitle />
      <CryptoConfirmationScreenDescription />
    </CryptoConfirmationScreenRoot>
  );
}

/**
 * The wallet success screen, CryptoConfirmation: 'Success!' / 'You have successfully connected your
 * wallet.'; emits AUTHENTICATE_FLOW_COMPLETE once (or hands over to the second factor).
 */
export const CryptoConfirmationScreen = createScreen('CryptoConfirmationScreen', useCryptoConfirmationScreen, {
  Provider: CryptoConfirmationScreenProvider,
  Layout: CryptoConfirmationScreenLayout,
  Root: CryptoConfirmationScreenRoot,
  Icon: CryptoConfirmationScreenIcon,
  Title: CryptoConfirmationScreenTitle,
  Description: CryptoConfirmationScreenDescription,
});
