import { createPart } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createBackPart, createMessagePart, createScreen } from '../../../screens/shared/screenParts';
import { cryptoMessages } from '../messages';
import { createWalletButton, createWalletList } from '../walletParts';
import { type UseCryptoOtherScreenReturn, useCryptoOtherScreen } from './useCryptoOtherScreen';

export * from './useCryptoOtherScreen';

const SCOPE = 'crypto-other';
const { Provider, useScreenContext } = createScreenContext<UseCryptoOtherScreenReturn>('CryptoOtherScreen');

/** Provides CryptoOtherScreen's state (`useCryptoOtherScreen()`, or a fixed value) to its parts. */
export const CryptoOtherScreenProvider = Provider;

/** The screen's container (`data-scope="crypto-other" data-part="root"`). */
export const CryptoOtherScreenRoot = createPart(SCOPE, 'root', 'div');

/** The back arrow to Main (`data-part="back"`). */
export const CryptoOtherScreenBack = createBackPart('CryptoOtherScreen', SCOPE, useScreenContext);

/** The heading 'Other crypto wallets'. */
export const CryptoOtherScreenTitle = createMessagePart(
  SCOPE,
  'title',
  'h2',
  'cryptoOther.title',
  { tabIndex: -1 },
  cryptoMessages,
);
CryptoOtherScreenTitle.displayName = 'CryptoOtherScreenTitle';

/** 'Continue with {wallet}' for one wallet (`data-part="wallet"`, `data-wallet`), with its icon. */
export const CryptoOtherScreenWallet = createWalletButton(SCOPE, useScreenContext);

/** The buttons of the wallets Main had no room for (`data-part="wallets"`), in the spec's order. */
export const CryptoOtherScreenWalletList = createWalletList(SCOPE, useScreenContext, CryptoOtherScreenWallet);

/** The default layout: back, title, the wallet buttons. */
export function CryptoOtherScreenLayout() {
  return (
    <CryptoOtherScreenRoot>
      <CryptoOtherScreenBack />
      <CryptoOtherScreenTitle />
      <CryptoOtherScreenWalletList />
    </CryptoOtherScreenRoot>
  );
}

/**
 * CryptoOtherScreen, reached by 'Continue with other Crypto Wallet': a button for each wallet Main had no
 * room for, and a back arrow. Inside `<SignIn>`. For another layout: `useCryptoOtherScreen()`,
 * `<CryptoOtherScreen.Provider value>` and the parts.
 */
export const CryptoOtherScreen = createScreen('CryptoOtherScreen', useCryptoOtherScreen, {
  Provider: CryptoOtherScreenProvider,
  Layout: CryptoOtherScreenLayout,
  Root: CryptoOtherScreenRoot,
  Back: CryptoOtherScreenBack,
  Title: CryptoOtherScreenTitle,
  WalletList: CryptoOtherScreenWalletList,
  Wallet: CryptoOtherScreenWallet,
});
