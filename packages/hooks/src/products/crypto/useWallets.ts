// Which wallets this browser has (only detected wallets are listed), one per wallet option. Ethereum-like
// wallets announce themselves through EIP-6963 (several can coexist); older ones only inject `window.ethereum`
// (with an `is…` flag) or `window.BinanceChain`. Solana-like wallets inject `window.phantom.solana` / `window.solana`.
import { useEffect, useState } from 'react';
import {
  type DetectedWallet,
  type Eip1193Provider,
  type SolanaProvider,
  WALLET_OPTIONS,
  type WalletOption,
} from './wallets';

/** What `useWallets` returns. */
export interface UseWalletsReturn {
  /** The wallets found in this browser, one per spec option, in WALLET_OPTIONS order; nothing that is not installed. */
  wallets: DetectedWallet[];
  /** False until the first discovery round (EIP-6963 request + window globals) has run after mount. */
  isReady: boolean;
}

/** The `info` of an EIP-6963 announcement (the parts the mapping reads). */
interface Eip6963ProviderInfo {
  uuid?: string;
  name?: string;
  icon?: string;
  /** Reverse DNS of the wallet (`io.metamask`, `com.coinbase.wallet`…): decides the spec option. */
  rdns?: string;
}

interface Announcement {
  info: Eip6963ProviderInfo;
  provider: Eip1193Provider;
}

/** The wallet globals of a page (all optional: each exists only when that extension is installed). */
interface WalletGlobals {
  ethereum?: unknown;
  BinanceChain?: unknown;
  phantom?: { solana?: unknown };
  solana?: unknown;
}

type Flags = Record<string, unknown>;

const isObject = (value: unknown): value is Flags => typeof value === 'object' && value !== null;

const isEthereumProvider = (value: unknown): value is Eip1193Provider & Flags =>
  isObject(value) && typeof value.request === 'function';

const isSolanaProvider = (value: unknown): value is SolanaProvider & Flags =>
  isObject(value) && typeof value.connect === 'function' && typeof value.signMessage === 'function';

/** `rdns` is `domain` or one of its sub-names (`io.metamask.flask`), never a look-alike (`io.metamaskx`). */
const isUnder = (rdns: string, domain: string) => rdns === domain || rdns.startsWith(`${domain}.`);

/**
 * The spec option of an EIP-6963 wallet, or null to leave it out. Phantom announces an Ethereum provider too, but
 * the spec's Phantom option is its Solana side (found through `window.phantom.solana`): listing the Ethereum side
 * as 'Other Ethereum Wallet' would show Phantom twice, so it is left out.
 */
function walletOptionOfAnnouncement(info: Eip6963ProviderInfo): WalletOption | null {
  const rdns = (info.rdns ?? '').toLowerCase();
  const name = (info.name ?? '').toLowerCase();
  if (isUnder(rdns, 'app.phantom')) return null;
  if (isUnder(rdns, 'io.metamask')) return 'Metamask';
  if (isUnder(rdns, 'com.coinbase.wallet')) return 'Coinbase';
  if (isUnder(rdns, 'com.binance') || name.startsWith('binance')) return 'Binance';
  if (rdns.split('.').includes('vessel') || name.startsWith('vessel')) return 'Vessel';
  return 'Other Ethereum Wallet';
}

/**
 * The option of an injected `window.ethereum` by its flags. The specific flags first: several wallets also set
 * `isMetaMask` to pass sites' MetaMask checks. Phantom's Ethereum side is left out, as for EIP-6963.
 */
function walletOptionOfFlags(provider: Flags): WalletOption | null {
  if (provider.isPhantom) return null;
  if (provider.isBinance) return 'Binance';
  if (provider.isVessel) return 'Vessel';
  if (provider.isCoinbaseWallet) return 'Coinbase';
  if (provider.isMetaMask) return 'Metamask';
  return 'Other Ethereum Wallet';
}

/** The spec's names, for wallets found without an EIP-6963 `info.name`. */
const NAMES: Record<WalletOption, string> = {
  Phantom: 'Phantom',
  Vessel: 'Vessel',
  Binance: 'Binance',
  Coinbase: 'Coinbase',
  Metamask: 'MetaMask',
  'Other Ethereum Wallet': 'Other Ethereum Wallet',
  'Other Solana Wallet': 'Other Solana Wallet',
};

/**
 * The wallets of `globals` (a window) and the EIP-6963 `announced` providers, one per option (the first found),
 * in WALLET_OPTIONS order. `window.ethereum` counts only when no EIP-6963 wallet announced itself: a wallet that
 * announces also injects `window.ethereum`, often as another object, which would list it twice.
 */
function detectWallets(globals: WalletGlobals, announced: readonly Announcement[]): DetectedWallet[] {
  const found = new Map<WalletOption, DetectedWallet>();
  const add = (wallet: DetectedWallet) => {
    if (!found.has(wallet.option)) found.set(wallet.option, wallet);
  };
  for (const { info, provider } of announced) {
    const option = walletOptionOfAnnouncement(info);
    if (option) add({ option, type: 'ethereum', name: info.name || NAMES[option], provider });
  }
  if (found.size === 0) {
    // Coinbase's SDK puts every injected wallet in `ethereum.providers` when several are installed.
    const ethereum = globals.ethereum;
    const injected = isObject(ethereum) && Array.isArray(ethereum.providers) ? ethereum.providers : [ethereum];
    for (const provider of injected) {
      const option = isEthereumProvider(provider) ? walletOptionOfFlags(provider) : null;
      if (option) add({ option, type: 'ethereum', name: NAMES[option], provider: provider as Eip1193Provider });
    }
    if (isEthereumProvider(globals.BinanceChain)) {
      add({ option: 'Binance', type: 'ethereum', name: NAMES.Binance, provider: globals.BinanceChain });
    }
  }
  const phantom = [globals.phantom?.solana, globals.solana].find((value) => isSolanaProvider(value) && value.isPhantom);
  if (isSolanaProvider(phantom)) add({ option: 'Phantom', type: 'solana', name: NAMES.Phantom, provider: phantom });
  const solana = globals.solana;
  if (isSolanaProvider(solana) && !solana.isPhantom) {
    add({ option: 'Other Solana Wallet', type: 'solana', name: NAMES['Other Solana Wallet'], provider: solana });
  }
  return WALLET_OPTIONS.flatMap((option) => found.get(option) ?? []);
}

const sameWallets = (a: readonly DetectedWallet[], b: readonly DetectedWallet[]) =>
  a.length === b.length &&
  a.every((wallet, index) => wallet.option === b[index]?.option && wallet.provider === b[index]?.provider);

/**
 * One discovery per window, shared by every `useWallets` on the page: one `eip6963:requestProvider`, one listener
 * (kept while any hook is mounted, so a wallet that announces itself late is added), one list.
 */
class WalletDiscovery {
  wallets: DetectedWallet[] = [];
  private announced: Announcement[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly target: Window) {}

  private readonly onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (!isObject(detail) || !isObject(detail.info) || !isEthereumProvider(detail.provider)) return;
    // Wallets announce again on every request (another library on the page may ask): keep the first.
    if (this.announced.some((known) => known.provider === detail.provider)) return;
    this.announced.push({ info: detail.info as Eip6963ProviderInfo, provider: detail.provider });
    this.refresh();
  };

  // MetaMask's signal that it injected `window.ethereum` after the page's scripts ran.
  private readonly onInjected = () => this.refresh();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) {
      this.target.addEventListener('eip6963:announceProvider', this.onAnnounce);
      this.target.addEventListener('ethereum#initialized', this.onInjected);
      this.target.dispatchEvent(new Event('eip6963:requestProvider'));
    }
    // Each mount reads the globals again: an extension may have injected them since the last round.
    this.refresh();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.target.removeEventListener('eip6963:announceProvider', this.onAnnounce);
      this.target.removeEventListener('ethereum#initialized', this.onInjected);
      // The next round asks again: a wallet removed meanwhile must not stay listed.
      this.announced = [];
    };
  }

  private refresh(): void {
    const next = detectWallets(this.target as unknown as WalletGlobals, this.announced);
    if (sameWallets(next, this.wallets)) return;
    this.wallets = next;
    for (const listener of [...this.listeners]) listener();
  }
}

const discoveries = new WeakMap<Window, WalletDiscovery>();

function discoveryOf(target: Window): WalletDiscovery {
  let discovery = discoveries.get(target);
  if (!discovery) {
    discovery = new WalletDiscovery(target);
    discoveries.set(target, discovery);
  }
  return discovery;
}

const NO_WALLETS: DetectedWallet[] = [];

/**
 * The crypto wallets installed in this browser, one per wallet option, in the order of `WALLET_OPTIONS`.
 * EIP-6963 wallets by `rdns`: `io.metamask` → Metamask, `com.coinbase.wallet` → Coinbase, `com.binance…` →
 * Binance, Vessel → Vessel, Phantom's Ethereum side left out, any other → Other Ethereum Wallet; without any,
 * `window.ethereum`'s flags and `window.BinanceChain`. Solana: Phantom (`window.phantom.solana`), any other
 * `window.solana` → Other Solana Wallet. On the server, and until mounted: no wallets, `isReady` false.
 */
export function useWallets(): UseWalletsReturn {
  const [wallets, setWallets] = useState<DetectedWallet[]>(NO_WALLETS);
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    const discovery = discoveryOf(window);
    const unsubscribe = discovery.subscribe(() => setWallets(discovery.wallets));
    setWallets(discovery.wallets);
    setReady(true);
    return unsubscribe;
  }, []);
  return { wallets, isReady };
}
