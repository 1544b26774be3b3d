// The steps of a wallet sign-in as the provider's tests take them: ask for a challenge, sign it with a real key
// (testing/testWallets.ts), send the signature. Each step answers the provider's raw response, so a test can stop
// anywhere.
import { expect } from 'vitest';
import { type CallResult, iso, type TestProvider } from '../testing/harness';
import { TestEthereumWallet, type TestSolanaWallet } from '../testing/testWallets';
import { errorBody } from './expectError';

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

/** What a start call sends besides the wallet's own address and type (which it may override). */
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

/** What an authenticate call sends besides the signature (the address and type may be overridden). */
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

/** The session factor of a wallet, last used at `at`. */
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

/** The wallet as the user object lists it. */
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

/** The refusal of `crypto_wallets/authenticate` when the wallet has no live challenge (none, expired, used). */
export const NO_CHALLENGE = errorBody(
  404,
  'crypto_wallet_not_found',
  'No live challenge for this crypto wallet: it expired, was used already, was issued to another session or was never issued. Start again (crypto_wallets/authenticate/start).',
);

/** The refusal of a signature that is not the wallet's over one of its challenges. */
export const BAD_SIGNATURE = errorBody(
  401,
  'unable_to_authenticate_crypto_wallet',
  'The crypto wallet could not be authenticated: the signature does not match the challenge and address.',
);

/** The user id, wallet id and session token of a successful wallet sign-in (fails the test otherwise). */
export function signedIn(response: CallResult) {
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  const data = response.json.data;
  return {
    userId: data.user_id as string,
    walletId: data.user.crypto_wallets[0].crypto_wallet_id as string,
    sessionToken: data.session_token as string,
  };
}

/** The users, wallets and sessions rows, in key order: what a refusal must leave alone. */
export async function walletRows(t: TestProvider<any>) {
  const { db } = t.provider.database;
  return {
    users: await db.selectFrom('users').selectAll().orderBy('user_id').execute(),
    wallets: await db.selectFrom('crypto_wallets').selectAll().orderBy('crypto_wallet_id').execute(),
    sessions: await db.selectFrom('sessions').selectAll().orderBy('session_id').execute(),
  };
}
