// Shared by the wallet hooks' tests: the test wallets (real keys) put on the jsdom page as extensions put theirs,
// removed after each test, and wallet pop-ups the test answers when it chooses.
import {
  announceEip6963,
  HeldPopUps,
  registerCleanup,
  type TestEnvironment,
  TestEthereumWallet,
  TestSolanaWallet,
} from '@latchkey/testing';
import type { Screen, SignInStore } from '../src/signInStore';

type WalletWindow = Window & { phantom?: unknown; solana?: unknown; ethereum?: unknown };

/** An EIP-1193 request, as the page sends it. */
type EthereumRequest = { method: string; params?: readonly unknown[] | object };

/** Announces `provider` through EIP-6963 as MetaMask (`io.metamask`) until the test ends. */
export function installMetaMask(provider: object): void {
  const stop = announceEip6963(
    window,
    { uuid: 'metamask-uuid', name: 'MetaMask', icon: 'data:image/svg+xml,<svg/>', rdns: 'io.metamask' },
    provider,
  );
  registerCleanup(stop);
}

/** Puts `provider` on the page as Phantom does (`window.phantom.solana`) until the test ends. */
export function installPhantom(provider: object): void {
  (window as WalletWindow).phantom = { solana: provider };
  registerCleanup(() => {
    delete (window as WalletWindow).phantom;
  });
}

/** An Ethereum wallet whose `method` pop-ups (`eth_requestAccounts`, `personal_sign`) wait for the test. */
export function heldEthereumWallet(method: 'eth_requestAccounts' | 'personal_sign', wallet = new TestEthereumWallet()) {
  const popUps = new HeldPopUps();
  const provider = {
    async request(args: EthereumRequest) {
      if (args.method === method) await popUps.hold();
      return wallet.request(args);
    },
  };
  return { wallet, provider, popUps };
}

/** A Phantom whose signature pop-ups wait for the test. */
export function heldSolanaWallet(wallet = new TestSolanaWallet()) {
  const popUps = new HeldPopUps();
  const base = wallet.provider;
  const provider = {
    isPhantom: true,
    get publicKey() {
      return base.publicKey;
    },
    connect: () => base.connect(),
    async signMessage(message: Uint8Array) {
      await popUps.hold();
      return base.signMessage(message);
    },
  };
  return { wallet, provider, popUps };
}

/** The screens the widget showed from now on, in order (each visit once). */
export function screensOf(store: SignInStore): Screen[] {
  const screens: Screen[] = [];
  store.subscribe((state, previous) => {
    if (state.screen !== previous.screen) screens.push(state.screen);
  });
  return screens;
}

/** The wallet requests the client sent, as `METHOD path status`. */
export function walletCalls(env: TestEnvironment): string[] {
  return env.requests
    .filter((request) => request.path.startsWith('/crypto_wallets'))
    .map((request) => `${request.method} ${request.path} ${request.status}`);
}

/** The body the client sent to `path` (the last such request). */
export function bodyOf(env: TestEnvironment, path: string): unknown {
  return env.requests.filter((request) => request.path === path).at(-1)?.body;
}

/** The `0x` hex of the UTF-8 bytes of `text` (what `personal_sign` is given). */
export const hexOf = (text: string): string => `0x${Buffer.from(text, 'utf8').toString('hex')}`;
