import { announceEip6963, TestEthereumWallet, TestSolanaWallet } from '@latchkey/testing';
import { act, renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { type UseWalletsReturn, useWallets } from './useWallets';

type WalletWindow = Window & { ethereum?: unknown; BinanceChain?: unknown; phantom?: unknown; solana?: unknown };
const page = window as WalletWindow;

// Each test installs its wallets on the page; they are all gone before the next one.
const uninstalls: (() => void)[] = [];

afterEach(() => {
  for (const uninstall of uninstalls.splice(0)) uninstall();
  delete page.ethereum;
  delete page.BinanceChain;
  delete page.phantom;
  delete page.solana;
});

/** An EIP-6963 wallet extension: it answers every `eip6963:requestProvider` until the test ends. */
function installEip6963(rdns: string, name: string, provider: object = new TestEthereumWallet().provider) {
  const stop = announceEip6963(
    window,
    { uuid: `${rdns}-uuid`, name, icon: 'data:image/svg+xml,<svg/>', rdns },
    provider,
  );
  uninstalls.push(stop);
  return provider;
}

/** What the hook returned on the server, as text. */
function ServerProbe() {
  const { wallets, isReady } = useWallets();
  return <>{JSON.stringify({ wallets, isReady })}</>;
}

const optionsOf = (result: { current: UseWalletsReturn }) => result.current.wallets.map((wallet) => wallet.option);

describe('useWallets', () => {
  it('lists the EIP-6963 wallets by spec option, in the spec order, whatever order they announced in', () => {
    const rabby = installEip6963('io.rabby', 'Rabby Wallet');
    const metamask = installEip6963('io.metamask', 'MetaMask');
    const coinbase = installEip6963('com.coinbase.wallet', 'Coinbase Wallet');

    const { result } = renderHook(() => useWallets());

    expect(result.current.isReady).toBe(true);
    expect(result.current.wallets).toEqual([
      { option: 'Coinbase', type: 'ethereum', name: 'Coinbase Wallet', provider: coinbase },
      { option: 'Metamask', type: 'ethereum', name: 'MetaMask', provider: metamask },
      { option: 'Other Ethereum Wallet', type: 'ethereum', name: 'Rabby Wallet', provider: rabby },
    ]);
  });

  it('maps Binance and Vessel, lists one wallet per option (the first), and leaves out Phantom’s Ethereum side', () => {
    installEip6963('app.phantom', 'Phantom');
    const first = installEip6963('io.metamask', 'MetaMask');
    installEip6963('io.metamask.flask', 'MetaMask Flask');
    const binance = installEip6963('com.binance.wallet', 'Binance Wallet');
    installEip6963('io.vessel', 'Vessel');
    const rabby = installEip6963('io.rabby', 'Rabby Wallet');
    installEip6963('com.trustwallet.app', 'Trust Wallet');
    installEip6963('io.metamaskx', 'Not MetaMask');

    const { result } = renderHook(() => useWallets());

    expect(optionsOf(result)).toEqual(['Vessel', 'Binance', 'Metamask', 'Other Ethereum Wallet']);
    expect(result.current.wallets[1]?.provider).toBe(binance);
    expect(result.current.wallets[2]?.provider).toBe(first);
    expect(result.current.wallets[3]?.provider).toBe(rabby);
  });

  it('falls back to window.ethereum’s flags and window.BinanceChain when no wallet announces itself', () => {
    const metamask = { isMetaMask: true, request: new TestEthereumWallet().provider.request };
    page.ethereum = metamask;
    page.BinanceChain = new TestEthereumWallet().provider;

    const { result } = renderHook(() => useWallets());

    expect(result.current.wallets).toEqual([
      { option: 'Binance', type: 'ethereum', name: 'Binance', provider: page.BinanceChain },
      { option: 'Metamask', type: 'ethereum', name: 'MetaMask', provider: metamask },
    ]);
  });

  it('reads every injected wallet of window.ethereum.providers, by flag', () => {
    const request = new TestEthereumWallet().provider.request;
    page.ethereum = {
      request,
      providers: [
        { isCoinbaseWallet: true, request },
        { isMetaMask: true, isBinance: true, request },
        { isPhantom: true, isMetaMask: true, request },
        { request },
        { isVessel: true },
      ],
    };

    const { result } = renderHook(() => useWallets());

    // The last one has no `request`: not a wallet.
    expect(optionsOf(result)).toEqual(['Binance', 'Coinbase', 'Other Ethereum Wallet']);
  });

  it('ignores window.ethereum once an EIP-6963 wallet announced itself (the same wallet, injected twice)', () => {
    page.ethereum = { isMetaMask: true, request: new TestEthereumWallet().provider.request };
    const announced = installEip6963('io.metamask', 'MetaMask');

    const { result } = renderHook(() => useWallets());

    expect(result.current.wallets).toEqual([
      { option: 'Metamask', type: 'ethereum', name: 'MetaMask', provider: announced },
    ]);
  });

  it('lists Phantom (Solana) from window.phantom.solana, and another Solana wallet from window.solana', () => {
    const phantom = new TestSolanaWallet().provider;
    const other = { ...new TestSolanaWallet().provider, isPhantom: false };
    page.phantom = { solana: phantom };
    page.solana = other;
    installEip6963('io.metamask', 'MetaMask');

    const { result } = renderHook(() => useWallets());

    expect(optionsOf(result)).toEqual(['Phantom', 'Metamask', 'Other Solana Wallet']);
    expect(result.current.wallets[0]).toEqual({
      option: 'Phantom',
      type: 'solana',
      name: 'Phantom',
      provider: phantom,
    });
    expect(result.current.wallets[2]).toMatchObject({ type: 'solana', provider: other });
  });

  it('lists Phantom once when it injects the same provider as window.solana too', () => {
    const phantom = new TestSolanaWallet().provider;
    page.phantom = { solana: phantom };
    page.solana = phantom;

    const { result } = renderHook(() => useWallets());

    expect(optionsOf(result)).toEqual(['Phantom']);
  });

  it('lists nothing when no wallet is installed', () => {
    page.ethereum = { isMetaMask: true };
    page.solana = { connect: () => Promise.resolve() };

    const { result } = renderHook(() => useWallets());

    expect(result.current).toEqual({ wallets: [], isReady: true });
  });

  it('adds a wallet that announces itself after the first round, in every mounted hook', () => {
    const first = renderHook(() => useWallets());
    const second = renderHook(() => useWallets());
    expect(optionsOf(first.result)).toEqual([]);

    let provider: object | undefined;
    act(() => {
      provider = installEip6963('io.metamask', 'MetaMask');
    });

    expect(first.result.current.wallets).toEqual([
      { option: 'Metamask', type: 'ethereum', name: 'MetaMask', provider },
    ]);
    expect(second.result.current.wallets).toBe(first.result.current.wallets);
  });

  it('asks the wallets again when mounted again, and forgets one that is gone', () => {
    installEip6963('io.metamask', 'MetaMask');
    const first = renderHook(() => useWallets());
    expect(optionsOf(first.result)).toEqual(['Metamask']);
    first.unmount();
    for (const uninstall of uninstalls.splice(0)) uninstall();
    installEip6963('com.coinbase.wallet', 'Coinbase Wallet');

    const second = renderHook(() => useWallets());

    expect(optionsOf(second.result)).toEqual(['Coinbase']);
  });

  it('lists nothing and is not ready before it has run in the browser (server rendering)', () => {
    installEip6963('io.metamask', 'MetaMask');

    const html = renderToString(<ServerProbe />);

    expect(JSON.parse(html.replace(/&quot;/g, '"'))).toEqual({ wallets: [], isReady: false });
  });
});
