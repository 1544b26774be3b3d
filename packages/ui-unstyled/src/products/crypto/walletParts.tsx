// biome-ignore-all lint/correctness/noComponentHookFactories: every factory here runs once, at module level, never during a render, so each component keeps a stable identity.
// Internal: what Main's wallet block and CryptoOtherScreen share: the split of the detected wallets between them,
// the wallets' names and the 'Continue with {wallet}' buttons. Not exported from the package: each file re-exports
// the parts under its own public names.
import {
  type DetectedWallet,
  mainWalletCount,
  useCryptoWalletFlow,
  useSignInStore,
  useWallets,
  type WalletOption,
} from '@latchkey/hooks';
import { forwardRef } from 'react';
import { type Translate, useMessages } from '../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../primitives/createPart';
import { cryptoMessages } from './messages';
import { WalletIcon } from './WalletIcon';

/**
 * How many social sign-in buttons Main shows (the configured `oauthOptions.providers`, 0 without `oauth`): the
 * wallets on Main are 5 minus this. The one place the wallet slice reads it. It reads the configuration rather than
 * calling the social product's `socialProviderCount`: a value import of that descriptor from this chunk would split
 * the descriptor out of the first load into a chunk of its own (one request more on every page).
 */
export function useSocialProviderCount(): number {
  return useSignInStore((state) =>
    state.config.products.includes('oauth') ? (state.config.oauthOptions?.providers?.length ?? 0) : 0,
  );
}

/** The detected wallets (spec order) split between Main (5 minus the social buttons) and CryptoOtherScreen. */
export interface WalletSplit {
  onMain: DetectedWallet[];
  others: DetectedWallet[];
  /** Detection is over (before that, both lists may still grow). */
  isReady: boolean;
}

/** The detected wallets, split between Main and CryptoOtherScreen. */
export function useWalletSplit(): WalletSplit {
  const { wallets, isReady } = useWallets();
  const count = mainWalletCount(useSocialProviderCount());
  return { onMain: wallets.slice(0, count), others: wallets.slice(count), isReady };
}

/** What a list of wallet buttons does with a choice. */
export interface WalletChoice {
  /** Starts signing in with the wallet (→ CryptoConnect). */
  choose: (wallet: DetectedWallet) => void;
}

/**
 * The wallet flow behind a list of wallet buttons. It moves the widget to CryptoConnect inside the click, and its
 * attempt outlives the screen that started it (the hooks share one attempt per `<SignIn>`), so the buttons need no
 * busy state of their own.
 */
export function useWalletChoice(): WalletChoice {
  const { start } = useCryptoWalletFlow();
  // `start` never rejects: a failure ends on CryptoError through the store.
  return { choose: (wallet) => void start(wallet) };
}

/**
 * The wallet option's name as shown: the brand's own spelling ('MetaMask' for the option `Metamask`), or the
 * catalogue's text for the two 'Other …' options.
 */
export function walletName(t: Translate, option: WalletOption): string {
  if (option === 'Other Ethereum Wallet') return t('cryptoWallets.otherEthereum');
  if (option === 'Other Solana Wallet') return t('cryptoWallets.otherSolana');
  if (option === 'Metamask') return 'MetaMask';
  return option;
}

/**
 * 'Continue with {wallet}' for one detected wallet (`data-part="wallet"`, `data-wallet="<option>"`), with the wallet's
 * icon; calls `choose(wallet)` after the caller's `onClick`.
 */
export function createWalletButton(scope: string, useChoice: () => WalletChoice) {
  const Button = createPart(scope, 'wallet', 'button');
  const WalletButton = forwardRef<HTMLButtonElement, PartProps<'button'> & { wallet: DetectedWallet }>(
    function WalletButton({ wallet, ...props }, ref) {
      const { choose } = useChoice();
      const t = useMessages(cryptoMessages);
      return (
        <Button
          type="button"
          data-wallet={wallet.option}
          {...props}
          onClick={composeEventHandlers(props.onClick, () => choose(wallet))}
          ref={ref}
        >
          {props.children ?? (
            <>
              <WalletIcon data-scope={scope} wallet={wallet.option} />
              {t('cryptoWallets.continueWith', { wallet: walletName(t, wallet.option) })}
            </>
          )}
        </Button>
      );
    },
  );
  WalletButton.displayName = `${scope}.wallet`;
  return WalletButton;
}

/** The wallet buttons (`data-part="wallets"`): one per wallet the state lists, in the spec's order. */
export function createWalletList(
  scope: string,
  useList: () => { wallets: readonly DetectedWallet[] },
  WalletButton: ReturnType<typeof createWalletButton>,
) {
  const List = createPart(scope, 'wallets', 'div');
  const WalletList = forwardRef<HTMLDivElement, PartProps<'div'>>(function WalletList(props, ref) {
    const { wallets } = useList();
    return (
      <List {...props} ref={ref}>
        {props.children ?? wallets.map((wallet) => <WalletButton key={wallet.option} wallet={wallet} />)}
      </List>
    );
  });
  WalletList.displayName = `${scope}.wallets`;
  return WalletList;
}
