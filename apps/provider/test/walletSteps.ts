// The steps of a wallet sign-in as the provider's tests take them: ask for a challenge, sign it with a real key
// (testWallets.ts), send the signature. Each step answers the provider's raw response, so a test can stop anywhere.
import { expect } from 'vitest';
import type { CallResult, TestProvider } from './harness';
import { iso } from './harness';
import { TestEthereumWallet, type TestSolanaWallet } from './testWallets';

/** Either test wallet. */
export type AnyTestWallet = TestEthereumWallet | TestSolanaWallet;

/** `ethereum` or `solana`, as the wire names the wallet's type. */
export function typeOf(wallet: AnyTestWallet): 'ethereum' | 'solana' {
  return wallet instanceof TestEthereumWallet ? 'ethereum' : 'solana';
}

/** The wallet's signature of `message` as `crypto_wallets/authenticate` takes it: 0x hex, or base58. */
export async function signWith(wallet: AnyTestWallet, message: string): Promise<string> {
  return wallet instanceof TestEthereumWallet ? wallet.sign(message) : wallet.signBase58(message);
}

export interface StartOptions {
  mode?: 'primary' | 'secondary';
  sessionToken?: string;
  /** The address sent (default the wallet's own). */
  address?: string;
  /** The type sent (default the wallet's). */
  type?: string;
  siwe_params?: Record<string, unknown>;
}

/** `crypto_wallets/authenticate/start/{mode}` for the wallet. */
export function walletStart(t: TestProvider<any>, wallet: AnyTestWallet, options: StartOptions = {}) {
  const { mode = 'primary', sessionToken, address = wallet.address, type = typeOf(wallet), siwe_params } = options;
  return t.post(
    `/crypto_wallets/authenticate/start/${mode}`,
    { crypto_wallet_address: address, crypto_wallet_type: type, ...(siwe_params ? { siwe_params } : {}) },
    sessionToken,
  );
}

/** The challenge text of a successful start. */
export function challengeOf(response: CallResult): string {
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return response.json.data.challenge as string;
}

export interface AuthenticateOptions {
  sessionToken?: string;
  address?: string;
  type?: string;
  sessionDurationMinutes?: number;
}

/** `crypto_wallets/authenticate` with `signature` for the wallet. */
export function walletAuthenticate(
  t: TestProvider<any>,
  wallet: AnyTestWallet,
  signature: string,
  options: AuthenticateOptions = {},
) {
  const { sessionToken, address = wallet.address, type = typeOf(wallet), sessionDurationMinutes = 60 } = options;
  return t.post(
    '/crypto_wallets/authenticate',
    {
      crypto_wallet_address: address,
      crypto_wallet_type: type,
      signature,
      session_duration_minutes: sessionDurationMinutes,
    },
    sessionToken,
  );
}

/** A whole sign-in: start, the wallet signs the challenge, authenticate. */
export async function walletSignIn(
  t: TestProvider<any>,
  wallet: AnyTestWallet,
  options: StartOptions & { sessionDurationMinutes?: number } = {},
): Promise<CallResult> {
  const challenge = challengeOf(await walletStart(t, wallet, options));
  return walletAuthenticate(t, wallet, await signWith(wallet, challenge), options);
}

/** The session factor of a wallet (contract §6), last used at `at`. */
export function cryptoFactor(walletId: unknown, wallet: AnyTestWallet, at: number) {
  return {
    type: 'crypto',
    delivery_method: 'crypto_wallet',
    last_authenticated_at: iso(at),
    crypto_wallet_factor: {
      crypto_wallet_id: walletId,
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: typeOf(wallet),
    },
  };
}

/** The wallet as the user object lists it (contract §6). */
export function userWallet(walletId: unknown, wallet: AnyTestWallet) {
  return {
    crypto_wallet_id: walletId,
    crypto_wallet_address: wallet.address,
    crypto_wallet_type: typeOf(wallet),
    verified: true,
  };
}

/** The nonce a challenge names (plain or SIWE: `Nonce: …`). */
export function nonceOf(challenge: string): string {
  const nonce = /^Nonce: ([A-Za-z0-9]+)$/m.exec(challenge)?.[1];
  if (nonce === undefined) throw new Error(`No nonce in ${challenge}`);
  return nonce;
}
