// Browser wallets for the wallet browser tests, injected into Chromium before the page's own scripts run: EIP-1193
// providers announced through EIP-6963 (as MetaMask, Coinbase Wallet or Binance Wallet do) and Phantom-style
// Solana providers (`window.phantom.solana`, `window.solana`). The page holds no key: every wallet call goes through
// one exposed function to Node, where a TestEthereumWallet (viem) or TestSolanaWallet (tweetnacl) signs with a real
// private key, so the provider verifies real signatures. Node also decides each answer: approve, refuse as a user
// closing the pop-up (`wallet.next.sign = 'reject'` → EIP-1193 error 4001), or wait until the test releases it
// (`hold`), which keeps CryptoConnect or CryptoSignMessage on screen for as long as the test needs.

// The wallets alone (`@latchkey/provider/testing/wallets`), not the whole `@latchkey/provider/testing`: the harness
// behind that export also loads the provider and its database drivers, which a browser test does not need.
import { type Eip6963Info, TestEthereumWallet, TestSolanaWallet } from '@latchkey/provider/testing/wallets';
import type { Page } from 'playwright-core';

export { TestEthereumWallet, TestSolanaWallet };

/** A wallet step the test can hold: the account request (`eth_requestAccounts`, `connect`) or the signature. */
export type WalletStep = 'connect' | 'sign';

/** A held step: `reached` resolves when the page asks; the page gets its answer after `release()`. */
export interface HeldStep {
  reached: Promise<void>;
  release(): void;
}

interface Holds {
  /** Holds the next `step` request until `release()` is called (once; later requests are answered at once). */
  hold(step: WalletStep): HeldStep;
}

/** An Ethereum wallet as the page sees it: announced by EIP-6963 with `info`, optionally also `window.ethereum`. */
export interface InjectedEthereumWallet extends Holds {
  kind: 'ethereum';
  wallet: TestEthereumWallet;
  info: Eip6963Info;
  /** Also installs the provider as `window.ethereum` with these flags (MetaMask does both), when set. */
  windowEthereum?: Record<string, boolean>;
}

/** A Solana wallet as the page sees it: Phantom (`window.phantom.solana`, `isPhantom`) or another (`window.solana`). */
export interface InjectedSolanaWallet extends Holds {
  kind: 'solana';
  wallet: TestSolanaWallet;
  isPhantom: boolean;
}

export type InjectedWallet = InjectedEthereumWallet | InjectedSolanaWallet;

/** The steps each wallet holds now, and a way to wait at one: what `installWallets` calls before answering. */
const heldSteps = new WeakMap<Holds, (step: WalletStep) => Promise<void>>();

/** `wallet` with `hold`. */
function withHolds<T extends object>(wallet: T): T & Holds {
  const pending = new Map<WalletStep, { arrive(): void; released: Promise<void> }>();
  const result: T & Holds = {
    ...wallet,
    hold(step) {
      let arrive = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      pending.set(step, { arrive, released });
      return { reached, release };
    },
  };
  heldSteps.set(result, async (step) => {
    const held = pending.get(step);
    if (!held) return;
    pending.delete(step);
    held.arrive();
    await held.released;
  });
  return result;
}

/** Waits while the test holds `step` of `wallet`. */
const passed = (wallet: InjectedWallet, step: WalletStep) => heldSteps.get(wallet)?.(step);

/** A small square icon as a `data:` SVG (EIP-6963 requires a data URI). */
function iconOf(letter: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${colour}"/><text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** EIP-6963 identities of real wallets (their `rdns` decides the spec option), and one the widget does not know. */
export const ETHEREUM_WALLETS = {
  metamask: { name: 'MetaMask', rdns: 'io.metamask', colour: '#e2761b' },
  coinbase: { name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet', colour: '#0052ff' },
  binance: { name: 'Binance Wallet', rdns: 'com.binance.wallet', colour: '#b7850b' },
  unknown: { name: 'Lantern Wallet', rdns: 'org.example.lantern', colour: '#555555' },
} as const;

/** An Ethereum wallet with a fresh key (or `wallet`), announced as `which`. */
export function ethereumWallet(
  which: keyof typeof ETHEREUM_WALLETS,
  options: { wallet?: TestEthereumWallet; windowEthereum?: Record<string, boolean> } = {},
): InjectedEthereumWallet {
  const { name, rdns, colour } = ETHEREUM_WALLETS[which];
  return withHolds({
    kind: 'ethereum' as const,
    wallet: options.wallet ?? new TestEthereumWallet(),
    info: { uuid: crypto.randomUUID(), name, icon: iconOf(name.charAt(0), colour), rdns },
    windowEthereum: options.windowEthereum,
  });
}

/** A Solana wallet with a fresh keypair: Phantom-style (`isPhantom`, `window.phantom.solana`) or another one. */
export function solanaWallet(options: { isPhantom?: boolean; wallet?: TestSolanaWallet } = {}): InjectedSolanaWallet {
  return withHolds({
    kind: 'solana' as const,
    wallet: options.wallet ?? new TestSolanaWallet(),
    isPhantom: options.isPhantom ?? true,
  });
}

/** What the exposed function answers: the result, or the wallet's error (its EIP-1193 `code` kept). */
type Answer = { result: unknown } | { error: { code: number; message: string } };

/** What the init script is given about each wallet (serialisable: it runs in the page). */
type PageWalletConfig =
  | { kind: 'ethereum'; info: Eip6963Info; windowEthereum: Record<string, boolean> | null }
  | { kind: 'solana'; address: string; isPhantom: boolean };

const BINDING = '__latchkeyTestWallet';

/**
 * Installs `wallets` into `page` for every document it loads from now on (call before `page.goto`). The Node side
 * answers for each one (`wallet.next`, `hold`); the page side is a thin proxy that only forwards calls.
 */
export async function installWallets(page: Page, wallets: InjectedWallet[]): Promise<void> {
  // One Solana provider object per wallet for the whole page: it remembers that the page connected.
  const solanaProviders = wallets.map((injected) => (injected.kind === 'solana' ? injected.wallet.provider : null));

  await page.exposeFunction(BINDING, async (index: number, method: string, params: unknown): Promise<Answer> => {
    const injected = wallets[index];
    if (!injected) return { error: { code: 4100, message: `No wallet ${index}` } };
    try {
      if (injected.kind === 'ethereum') {
        if (method === 'eth_requestAccounts') await passed(injected, 'connect');
        if (method === 'personal_sign') await passed(injected, 'sign');
        return { result: await injected.wallet.request({ method, params: params as unknown[] | undefined }) };
      }
      const provider = solanaProviders[index];
      if (!provider) throw new Error(`Wallet ${index} is not a Solana wallet`);
      if (method === 'connect') {
        await passed(injected, 'connect');
        await provider.connect();
        return { result: injected.wallet.address };
      }
      await passed(injected, 'sign');
      const { signature } = await provider.signMessage(Uint8Array.from(params as number[]));
      return { result: Array.from(signature) };
    } catch (error) {
      const code = typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : -32603;
      return { error: { code, message: error instanceof Error ? error.message : String(error) } };
    }
  });

  const configs: PageWalletConfig[] = wallets.map((injected) =>
    injected.kind === 'ethereum'
      ? { kind: 'ethereum', info: injected.info, windowEthereum: injected.windowEthereum ?? null }
      : { kind: 'solana', address: injected.wallet.address, isPhantom: injected.isPhantom },
  );

  // Runs in the page, before its scripts, in every document (so a reload or a navigation finds the wallets again).
  await page.addInitScript(
    ({ binding, configs }: { binding: string; configs: PageWalletConfig[] }) => {
      type Forward = (index: number, method: string, params: unknown) => Promise<Answer>;
      const call = async (index: number, method: string, params?: unknown): Promise<unknown> => {
        const answer = await (window as unknown as Record<string, Forward>)[binding]?.(index, method, params ?? null);
        if (!answer) throw new Error('The test wallet is not connected to the test');
        if ('error' in answer) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
        return answer.result;
      };
      const target = window as unknown as Record<string, unknown>;
      configs.forEach((config, index) => {
        if (config.kind === 'ethereum') {
          const provider = {
            ...config.windowEthereum,
            request: ({ method, params }: { method: string; params?: unknown }) => call(index, method, params),
            on: () => {},
            removeListener: () => {},
          };
          const detail = Object.freeze({ info: Object.freeze({ ...config.info }), provider });
          const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
          window.addEventListener('eip6963:requestProvider', announce);
          announce();
          if (config.windowEthereum) target.ethereum = provider;
          return;
        }
        const publicKey = { toBase58: () => config.address, toString: () => config.address };
        const provider = {
          isPhantom: config.isPhantom,
          isConnected: false,
          publicKey: null as typeof publicKey | null,
          async connect() {
            await call(index, 'connect');
            provider.isConnected = true;
            provider.publicKey = publicKey;
            return { publicKey };
          },
          async disconnect() {
            provider.isConnected = false;
            provider.publicKey = null;
          },
          async signMessage(message: Uint8Array) {
            const signature = (await call(index, 'signMessage', Array.from(message))) as number[];
            return { signature: Uint8Array.from(signature), publicKey };
          },
          on: () => {},
          off: () => {},
        };
        // Phantom installs itself at both places; another Solana wallet only at `window.solana` (and wins it).
        if (config.isPhantom) {
          target.phantom = { solana: provider };
          target.solana ??= provider;
        } else {
          target.solana = provider;
        }
      });
    },
    { binding: BINDING, configs },
  );
}
