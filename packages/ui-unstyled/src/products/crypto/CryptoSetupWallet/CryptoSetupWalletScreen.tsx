import type { WalletOption } from '@latchkey/hooks';
import { forwardRef } from 'react';
import { useMessages } from '../../../messages/index';
import { createPart, type PartProps } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createBackPart, createMessagePart, createScreen } from '../../../screens/shared/screenParts';
import { cryptoMessages } from '../messages';
import { WalletIcon } from '../WalletIcon';
import { walletName } from '../walletParts';
import { type UseCryptoSetupWalletScreenReturn, useCryptoSetupWalletScreen } from './useCryptoSetupWalletScreen';

export * from './useCryptoSetupWalletScreen';

const SCOPE = 'crypto-setup-wallet';
const { Provider, useScreenContext } = createScreenContext<UseCryptoSetupWalletScreenReturn>('CryptoSetupWalletScreen');
const Links = createPart(SCOPE, 'links', 'div');
const Link = createPart(SCOPE, 'link', 'a');

/** Provides CryptoSetupWallet's state (`useCryptoSetupWalletScreen()`, or a fixed value) to its parts. */
export const CryptoSetupWalletScreenProvider = Provider;

/** The screen's container (`data-scope="crypto-setup-wallet" data-part="root"`). */
export const CryptoSetupWalletScreenRoot = createPart(SCOPE, 'root', 'div');

/** The back arrow to Main (`data-part="back"`). */
export const CryptoSetupWalletScreenBack = createBackPart('CryptoSetupWalletScreen', SCOPE, useScreenContext);

/** The heading 'Set up a new crypto wallet'. */
export const CryptoSetupWalletScreenTitle = createMessagePart(
  SCOPE,
  'title',
  'h2',
  'cryptoSetupWallet.title',
  { tabIndex: -1 },
  cryptoMessages,
);
CryptoSetupWalletScreenTitle.displayName = 'CryptoSetupWalletScreenTitle';

/** 'Install one of these wallets, then reload this page to log in with it.' (`data-part="instruction"`) */
export const CryptoSetupWalletScreenInstruction = createMessagePart(
  SCOPE,
  'instruction',
  'p',
  'cryptoSetupWallet.instruction',
  {},
  cryptoMessages,
);
CryptoSetupWalletScreenInstruction.displayName = 'CryptoSetupWalletScreenInstruction';

/**
 * 'Download {wallet}' with the wallet's icon (`data-part="link"`, `data-wallet`): its official download page, in a
 * new tab that cannot reach back into this page (`rel="noopener noreferrer"`).
 */
export const CryptoSetupWalletScreenLink = forwardRef<HTMLAnchorElement, PartProps<'a'> & { wallet: WalletOption }>(
  function CryptoSetupWalletScreenLink({ wallet, ...props }, ref) {
    const screen = useScreenContext();
    const t = useMessages(cryptoMessages);
    const download = screen.downloads.find((item) => item.wallet === wallet);
    return (
      <Link href={download?.href} target="_blank" rel="noopener noreferrer" data-wallet={wallet} {...props} ref={ref}>
        {props.children ?? (
          <>
            <WalletIcon data-scope={SCOPE} wallet={wallet} />
            {t('cryptoSetupWallet.download', { wallet: walletName(t, wallet) })}
          </>
        )}
      </Link>
    );
  },
);

/** The four download links (`data-part="links"`): MetaMask, Phantom, Coinbase, Binance. */
export const CryptoSetupWalletScreenLinks = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function CryptoSetupWalletScreenLinks(props, ref) {
    const screen = useScreenContext();
    return (
      <Links {...props} ref={ref}>
        {props.children ??
          screen.downloads.map((download) => (
            <CryptoSetupWalletScreenLink key={download.wallet} wallet={download.wallet} />
          ))}
      </Links>
    );
  },
);

/** The default layout: back, title, instruction, the download links. */
export function CryptoSetupWalletScreenLayout() {
  return (
    <CryptoSetupWalletScreenRoot>
      <CryptoSetupWalletScreenBack />
      <CryptoSetupWalletScreenTitle />
      <CryptoSetupWalletScreenInstruction />
      <CryptoSetupWalletScreenLinks />
    </CryptoSetupWalletScreenRoot>
  );
}

/**
 * CryptoSetupWallet, reached by 'Set up a new crypto wallet' when the browser has no wallet: how to get
 * one and the download pages of MetaMask, Phantom, Coinbase and Binance, each in a new tab; a back arrow. Inside
 * `<SignIn>`. For another layout: `useCryptoSetupWalletScreen()`, `<CryptoSetupWalletScreen.Provider value>` and
 * the parts.
 */
export const CryptoSetupWalletScreen = createScreen('CryptoSetupWalletScreen', useCryptoSetupWalletScreen, {
  Provider: CryptoSetupWalletScreenProvider,
  Layout: CryptoSetupWalletScreenLayout,
  Root: CryptoSetupWalletScreenRoot,
  Back: CryptoSetupWalletScreenBack,
  Title: CryptoSetupWalletScreenTitle,
  Instruction: CryptoSetupWalletScreenInstruction,
  Links: CryptoSetupWalletScreenLinks,
  Link: CryptoSetupWalletScreenLink,
});
