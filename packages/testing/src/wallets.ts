// Test wallets on the jsdom page (the hooks' and kits' wallet tests): wallets with real keys (the provider verifies
// their signatures) put on the page as browser extensions put theirs (EIP-6963 announcements, `window.phantom.solana`,
// `window.solana`), removed after the test, with pop-ups the test can hold open until it answers them, so the
// screens in between can be read.
import { announceEip6963, TestEthereumWallet, TestSolanaWallet } from '@latchkey/provider/testing';
import { registerCleanup } from './cleanup';

type WalletWindow = Window & { phantom?: unknown; solana?: unknown };

/** What an Ethereum-like wallet announces (`rdns` decides the spec option: `io.metamask` → Metamask). */
const ANNOUNCED = {
  metamask: { name: 'MetaMask', rdns: 'io.metamask' },
  coinbase: { name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' },
  binance: { name: 'Binance Wallet', rdns: 'com.binance.wallet' },
  other: { name: 'Some Wallet', rdns: 'com.example.somewallet' },
} as const;

/** Wallet pop-ups held open until the test answers them, oldest first (the wallet then approves or refuses as told). */
export class HeldPopUps {
  private readonly queue: (() => void)[] = [];

  /** How many pop-ups are open. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves when the user has answered (the test called `answer()`). */
  hold(): Promise<void> {
    return new Promise((resolve) => this.queue.push(resolve));
  }

  /** The user answers the oldest open pop-up. */
  answer(): void {
    this.queue.shift()?.();
  }
}

/**
 * Installs an Ethereum wallet that announces itself through EIP-6963 as `kind`, until the test ends. With `held`,
 * its account and signature pop-ups wait for `popUps.answer()`.
 */
export function installEthereumWallet(kind: keyof typeof ANNOUNCED, { held = false } = {}) {
  const wallet = new TestEthereumWallet();
  const popUps = new HeldPopUps();
  const provider = {
    async request(args: { method: string; params?: readonly unknown[] | object }) {
      if (held && (args.method === 'eth_requestAccounts' || args.method === 'personal_sign')) await popUps.hold();
      return wallet.request(args);
    },
  };
  const info = { uuid: `${kind}-uuid`, icon: 'data:image/svg+xml,<svg/>', ...ANNOUNCED[kind] };
  registerCleanup(announceEip6963(window, info, provider));
  return { wallet, popUps };
}

/**
 * Installs a Solana wallet until the test ends: Phantom (`window.phantom.solana`) or, with `phantom: false`, another
 * (`window.solana`, 'Other Solana Wallet'). With `held`, its connect and signature pop-ups wait for the test.
 */
export function installSolanaWallet({ phantom = true, held = false } = {}) {
  const wallet = new TestSolanaWallet();
  const popUps = new HeldPopUps();
  const base = wallet.provider;
  const hold = async () => {
    if (held) await popUps.hold();
  };
  const provider = {
    isPhantom: phantom,
    get publicKey() {
      return base.publicKey;
    },
    connect: async () => {
      await hold();
      return base.connect();
    },
    signMessage: async (message: Uint8Array) => {
      await hold();
      return base.signMessage(message);
    },
  };
  const page = window as WalletWindow;
  if (phantom) page.phantom = { solana: provider };
  else page.solana = provider;
  registerCleanup(() => {
    delete page.phantom;
    delete page.solana;
  });
  return { wallet, popUps };
}
