// The wallet parts' contract (their `data-scope`/`data-part` names) and every example of the wallet block and
// screens, with fixed values: no provider, no wallet.
import { WALLET_OPTIONS } from '@latchkey/hooks';
import { expectNoAxeViolations } from '@latchkey/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectExamplesHaveNoAxeViolations } from '../../../test/renderScreen';
import { pageMain } from '../../../test/renderSignIn';
import CryptoConnectBasic from './CryptoConnect/examples/basic';
import CryptoConnectCustomLayout from './CryptoConnect/examples/custom-layout';
import CryptoConnectError from './CryptoConnect/examples/error';
import CryptoConnectLoading from './CryptoConnect/examples/loading';
import CryptoErrorBasic from './CryptoError/examples/basic';
import CryptoErrorCustomLayout from './CryptoError/examples/custom-layout';
import CryptoErrorError from './CryptoError/examples/error';
import CryptoErrorLoading from './CryptoError/examples/loading';
import CryptoOtherBasic from './CryptoOther/examples/basic';
import CryptoOtherCustomLayout from './CryptoOther/examples/custom-layout';
import CryptoOtherError from './CryptoOther/examples/error';
import CryptoOtherLoading from './CryptoOther/examples/loading';
import CryptoSetupWalletBasic from './CryptoSetupWallet/examples/basic';
import CryptoSetupWalletCustomLayout from './CryptoSetupWallet/examples/custom-layout';
import CryptoSetupWalletError from './CryptoSetupWallet/examples/error';
import CryptoSetupWalletLoading from './CryptoSetupWallet/examples/loading';
import CryptoSignMessageBasic from './CryptoSignMessage/examples/basic';
import CryptoSignMessageCustomLayout from './CryptoSignMessage/examples/custom-layout';
import CryptoSignMessageError from './CryptoSignMessage/examples/error';
import CryptoSignMessageLoading from './CryptoSignMessage/examples/loading';
import { CryptoWallets } from './CryptoWallets/CryptoWallets';
import CryptoWalletsBasic from './CryptoWallets/examples/basic';
import CryptoWalletsCustomLayout from './CryptoWallets/examples/custom-layout';
import { EVERY_WALLET, exampleCryptoWallets } from './CryptoWallets/examples/fixtures';
import CryptoWalletsLoading from './CryptoWallets/examples/loading';
import CryptoWalletsMoreWallets from './CryptoWallets/examples/more-wallets';
import CryptoWalletsNoWallet from './CryptoWallets/examples/no-wallet';

describe('the wallet block and screens examples', () => {
  it('render without axe violations', async () => {
    await expectExamplesHaveNoAxeViolations([
      CryptoWalletsBasic,
      CryptoWalletsMoreWallets,
      CryptoWalletsNoWallet,
      CryptoWalletsLoading,
      CryptoWalletsCustomLayout,
      CryptoOtherBasic,
      CryptoOtherError,
      CryptoOtherLoading,
      CryptoOtherCustomLayout,
      CryptoSetupWalletBasic,
      CryptoSetupWalletError,
      CryptoSetupWalletLoading,
      CryptoSetupWalletCustomLayout,
      CryptoConnectBasic,
      CryptoConnectError,
      CryptoConnectLoading,
      CryptoConnectCustomLayout,
      CryptoSignMessageBasic,
      CryptoSignMessageError,
      CryptoSignMessageLoading,
      CryptoSignMessageCustomLayout,
      CryptoErrorBasic,
      CryptoErrorError,
      CryptoErrorLoading,
      CryptoErrorCustomLayout,
    ]);
  });
});

describe('the wallet button part', () => {
  it("names each wallet 'Continue with {wallet}' beside a decorative icon of ours, one per spec option", async () => {
    render(
      <CryptoWallets.Provider value={exampleCryptoWallets({ wallets: EVERY_WALLET })}>
        <CryptoWallets.Layout />
      </CryptoWallets.Provider>,
      { container: pageMain() },
    );
    await expectNoAxeViolations();
    const buttons = screen.getAllByRole('button');
    // The brands' own spelling: 'MetaMask' (the option's id stays `Metamask`).
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Continue with Phantom',
      'Continue with Vessel',
      'Continue with Binance',
      'Continue with Coinbase',
      'Continue with MetaMask',
      'Continue with Other Ethereum Wallet',
      'Continue with Other Solana Wallet',
    ]);
    for (const [index, button] of buttons.entries()) {
      expect(button.getAttribute('data-scope')).toBe('crypto-wallets');
      expect(button.getAttribute('data-part')).toBe('wallet');
      expect(button.getAttribute('data-wallet')).toBe(WALLET_OPTIONS[index]);
      const icon = button.querySelector('svg');
      expect(icon?.getAttribute('data-part')).toBe('wallet-icon');
      expect(icon?.getAttribute('aria-hidden')).toBe('true');
      expect(icon?.querySelector('path')?.getAttribute('d')).toMatch(/^[Mm]/);
    }
  });

  it("passes the caller's props through, runs their onClick first and lets preventDefault() keep the wallet unchosen", async () => {
    const choose = vi.fn();
    const [metamask] = EVERY_WALLET.filter((wallet) => wallet.option === 'Metamask');
    if (!metamask) throw new Error('no Metamask fixture');
    render(
      <CryptoWallets.Provider value={exampleCryptoWallets({ choose })}>
        <CryptoWallets.Wallet wallet={metamask} className="mine" onClick={(event) => event.preventDefault()} />
        <CryptoWallets.Wallet wallet={metamask} asChild>
          <a href="#metamask">MetaMask</a>
        </CryptoWallets.Wallet>
      </CryptoWallets.Provider>,
      { container: pageMain() },
    );
    const button = screen.getByRole('button', { name: 'Continue with MetaMask' });
    expect(button.className).toBe('mine');
    await userEvent.click(button);
    expect(choose).not.toHaveBeenCalled();

    const link = screen.getByRole('link', { name: 'MetaMask' });
    expect(link.getAttribute('data-part')).toBe('wallet');
    await userEvent.click(link);
    expect(choose).toHaveBeenCalledWith(metamask);
  });

  it("shows 'Continue with other Crypto Wallet' only with more wallets, 'Set up a new crypto wallet' only with none", async () => {
    const showOtherWallets = vi.fn();
    const setUpWallet = vi.fn();
    const { rerender } = render(
      <CryptoWallets.Provider value={exampleCryptoWallets({ hasOtherWallets: true, showOtherWallets, setUpWallet })}>
        <CryptoWallets.Layout />
      </CryptoWallets.Provider>,
      { container: pageMain() },
    );
    expect(screen.queryByRole('button', { name: 'Set up a new crypto wallet' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with other Crypto Wallet' }));
    expect(showOtherWallets).toHaveBeenCalledOnce();

    rerender(
      <CryptoWallets.Provider
        value={exampleCryptoWallets({ wallets: [], hasNoWallet: true, showOtherWallets, setUpWallet })}
      >
        <CryptoWallets.Layout />
      </CryptoWallets.Provider>,
    );
    expect(screen.queryByRole('button', { name: 'Continue with other Crypto Wallet' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Set up a new crypto wallet' }));
    expect(setUpWallet).toHaveBeenCalledOnce();
  });

  it('marks the block busy, with a spinner and no button, while wallets are looked for', () => {
    const { container } = render(
      <CryptoWallets.Provider value={exampleCryptoWallets({ wallets: [], isDetecting: true })}>
        <CryptoWallets.Layout />
      </CryptoWallets.Provider>,
      { container: pageMain() },
    );
    const root = container.querySelector('[data-scope="crypto-wallets"][data-part="root"]');
    expect(root?.getAttribute('aria-busy')).toBe('true');
    expect(root?.hasAttribute('data-detecting')).toBe(true);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
