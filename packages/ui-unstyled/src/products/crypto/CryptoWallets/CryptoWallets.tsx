// The crypto product's block on the Main screen: a button for each wallet found in
// the browser, in the spec's order, at most 5 minus the social buttons; the rest behind 'Continue with other
// Crypto Wallet'; 'Set up a new crypto wallet' when there is none. In the crypto chunk: a page without wallets never
// downloads it.
import { forwardRef } from 'react';
import { Spinner, type SpinnerProps } from '../../../components/Spinner';
import { useMessages } from '../../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import type { MainBlockProps } from '../../defineProductKit';
import { cryptoMessages } from '../messages';
import { createWalletButton, createWalletList } from '../walletParts';
import { type UseCryptoWalletsReturn, useCryptoWallets } from './useCryptoWallets';

export * from './useCryptoWallets';

const SCOPE = 'crypto-wallets';
const { Provider, useScreenContext } = createScreenContext<UseCryptoWalletsReturn>('CryptoWallets');
const Root = createPart(SCOPE, 'root', 'div');
const Other = createPart(SCOPE, 'other', 'button');
const SetUp = createPart(SCOPE, 'set-up', 'button');

/** Provides the wallet block's state (`useCryptoWallets()`, or a fixed value) to its parts. */
export const CryptoWalletsProvider = Provider;

/**
 * The block's container (`data-scope="crypto-wallets" data-part="root"`, `aria-busy` and `data-detecting` while the
 * browser is searched for wallets).
 */
export const CryptoWalletsRoot = forwardRef<HTMLDivElement, PartProps<'div'>>(function CryptoWalletsRoot(props, ref) {
  const block = useScreenContext();
  return (
    <Root
      aria-busy={block.isDetecting || undefined}
      data-detecting={block.isDetecting ? '' : undefined}
      {...props}
      ref={ref}
    />
  );
});

/** The busy indicator while the browser is searched for wallets (`data-part="spinner"`, role status); nothing after. */
export const CryptoWalletsSpinner = forwardRef<HTMLSpanElement, SpinnerProps>(
  function CryptoWalletsSpinner(props, ref) {
    const block = useScreenContext();
    if (!block.isDetecting) return null;
    return <Spinner data-scope={SCOPE} data-part="spinner" {...props} ref={ref} />;
  },
);

/** 'Continue with {wallet}' for one wallet (`data-part="wallet"`, `data-wallet`), with its icon. */
export const CryptoWalletsWallet = createWalletButton(SCOPE, useScreenContext);

/** The buttons of the wallets Main shows (`data-part="wallets"`), in the spec's order. */
export const CryptoWalletsWalletList = createWalletList(SCOPE, useScreenContext, CryptoWalletsWallet);

/** 'Continue with other Crypto Wallet' (`data-part="other"`): → CryptoOtherScreen; only when more wallets were found than fit. */
export const CryptoWalletsOther = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function CryptoWalletsOther(props, ref) {
    const block = useScreenContext();
    const t = useMessages(cryptoMessages);
    if (!block.hasOtherWallets) return null;
    return (
      <Other
        type="button"
        {...props}
        onClick={composeEventHandlers(props.onClick, () => block.showOtherWallets())}
        ref={ref}
      >
        {props.children ?? t('cryptoWallets.other')}
      </Other>
    );
  },
);

/** 'Set up a new crypto wallet' (`data-part="set-up"`, a link-like button): → CryptoSetupWallet; only when no wallet was found. */
export const CryptoWalletsSetUp = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function CryptoWalletsSetUp(props, ref) {
    const block = useScreenContext();
    const t = useMessages(cryptoMessages);
    if (!block.hasNoWallet) return null;
    return (
      <SetUp
        type="button"
        {...props}
        onClick={composeEventHandlers(props.onClick, () => block.setUpWallet())}
        ref={ref}
      >
        {props.children ?? t('cryptoWallets.setUp')}
      </SetUp>
    );
  },
);

/**
 * The default layout: a spinner while wallets are looked for, the wallet buttons, then 'Continue with other Crypto
 * Wallet' or 'Set up a new crypto wallet'.
 */
export function CryptoWalletsLayout() {
  return (
    <CryptoWalletsRoot>
      <CryptoWalletsSpinner />
      <CryptoWalletsWalletList />
      <CryptoWalletsOther />
      <CryptoWalletsSetUp />
    </CryptoWalletsRoot>
  );
}

/**
 * The wallet block of the Main screen (inside `<SignIn>`, drawn by `MainScreen.Blocks` when `crypto` is configured).
 * For another layout: `useCryptoWallets()`, `<CryptoWallets.Provider value>` and the parts.
 */
export function CryptoWallets(_props: MainBlockProps) {
  const value = useCryptoWallets();
  return (
    <CryptoWalletsProvider value={value}>
      <CryptoWalletsLayout />
    </CryptoWalletsProvider>
  );
}
CryptoWallets.Provider = CryptoWalletsProvider;
CryptoWallets.Layout = CryptoWalletsLayout;
CryptoWallets.Root = CryptoWalletsRoot;
CryptoWallets.Spinner = CryptoWalletsSpinner;
CryptoWallets.WalletList = CryptoWalletsWalletList;
CryptoWallets.Wallet = CryptoWalletsWallet;
CryptoWallets.Other = CryptoWalletsOther;
CryptoWallets.SetUp = CryptoWalletsSetUp;
