import { ASYNC_TIMEOUT, startTestEnvironment, TestEthereumWallet, TestSolanaWallet } from '@latchkey/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { codeNow, mfaEnvironment, STEP, signUp } from '../../../test/totp';
import {
  bodyOf,
  heldEthereumWallet,
  heldSolanaWallet,
  hexOf,
  installMetaMask,
  installPhantom,
  screensOf,
  walletCalls,
} from '../../../test/wallets';
import { wrapperFor } from '../../../test/wrappers';
import { createSignInStore, type SignInConfig } from '../../signInStore';
import { useSession } from '../../useSession';
import { isSecondFactorPending } from '../totp/secondFactor';
import { CRYPTO_CONNECT_ERROR, CRYPTO_SIGN_ERROR } from './cryptoErrors';
import { type UseCryptoWalletFlowOptions, useCryptoWalletFlow } from './useCryptoWalletFlow';
import { useWallets } from './useWallets';
import type { DetectedWallet } from './wallets';

const waitLong = { timeout: ASYNC_TIMEOUT };
const START = 'POST /crypto_wallets/authenticate/start/primary 200';
const AUTHENTICATE = 'POST /crypto_wallets/authenticate 200';
const SIGNED_IN = ['CryptoConnect', 'CryptoSignMessage', 'CryptoConfirmation'];

/** The store of a `<SignIn>` that offers wallets beside magic links. */
const walletStore = (config: SignInConfig = {}) =>
  createSignInStore({ products: ['crypto', 'emailMagicLinks'], ...config });

/** What a wallet screen uses: the detected wallets, the flow, and the session it leads to. */
function useWalletScreen(options?: UseCryptoWalletFlowOptions) {
  return { wallets: useWallets().wallets, flow: useCryptoWalletFlow(options), session: useSession() };
}

/** The first wallet `useWallets` found, once it did. */
async function firstWallet(result: { current: ReturnType<typeof useWalletScreen> }): Promise<DetectedWallet> {
  await waitFor(() => expect(result.current.wallets).toHaveLength(1));
  return result.current.wallets[0] as DetectedWallet;
}

describe('useCryptoWalletFlow', () => {
  it('signs in with an Ethereum wallet: account, challenge, personal_sign of its hex, session; Connect → Sign → Confirmation', async () => {
    const env = await startTestEnvironment();
    const wallet = new TestEthereumWallet();
    installMetaMask(wallet.provider);
    const store = walletStore();
    const screens = screensOf(store);
    const onEvent = vi.fn();
    const onError = vi.fn();
    const { result } = renderHook(() => useWalletScreen({ onEvent, onError }), { wrapper: wrapperFor(env, store) });
    const metamask = await firstWallet(result);
    expect(metamask).toMatchObject({ option: 'Metamask', type: 'ethereum' });
    expect(result.current.flow).toMatchObject({ status: 'idle', error: null, walletOption: null, challenge: null });

    let signedIn = false;
    await act(async () => {
      signedIn = await result.current.flow.start(metamask);
    });

    expect(signedIn).toBe(true);
    await waitFor(() => expect(result.current.session.hasSession).toBe(true), waitLong);
    expect(screens).toEqual(SIGNED_IN);
    const challenge = result.current.flow.challenge as string;
    expect(challenge).toEqual(expect.any(String));
    expect(result.current.flow).toMatchObject({
      status: 'success',
      error: null,
      walletOption: 'Metamask',
      walletAddress: wallet.address,
    });
    expect(store.getState().formState.cryptoState).toEqual({
      walletOption: 'Metamask',
      walletAddress: wallet.address,
      walletChallenge: challenge,
    });
    // The wallet was asked for its account, then to sign the challenge's bytes with it.
    expect(wallet.requests).toEqual([
      { method: 'eth_requestAccounts', params: undefined },
      { method: 'personal_sign', params: [hexOf(challenge), wallet.address] },
    ]);
    expect(walletCalls(env)).toEqual([START, AUTHENTICATE]);
    expect(bodyOf(env, '/crypto_wallets/authenticate/start/primary')).toMatchObject({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
    });
    expect(bodyOf(env, '/crypto_wallets/authenticate')).toMatchObject({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
      signature: await wallet.sign(challenge),
      session_duration_minutes: 30,
    });
    const { user, session } = result.current.session;
    expect(user?.crypto_wallets.map((entry) => entry.crypto_wallet_address.toLowerCase())).toEqual([
      wallet.address.toLowerCase(),
    ]);
    expect(session?.authentication_factors[0]?.type).toBe('crypto');
    // No event type of its own: the success screen emits AUTHENTICATE_FLOW_COMPLETE.
    expect(onEvent).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('signs in with Phantom (Solana): connect, signMessage of the challenge, the signature in base58', async () => {
    const env = await startTestEnvironment();
    const wallet = new TestSolanaWallet();
    installPhantom(wallet.provider);
    const store = walletStore({ sessionOptions: { sessionDurationMinutes: 60 } });
    const screens = screensOf(store);
    const { result } = renderHook(() => useWalletScreen(), { wrapper: wrapperFor(env, store) });
    const phantom = await firstWallet(result);
    expect(phantom).toMatchObject({ option: 'Phantom', type: 'solana' });

    expect(await act(() => result.current.flow.start(phantom))).toBe(true);

    await waitFor(() => expect(result.current.session.hasSession).toBe(true), waitLong);
    expect(screens).toEqual(SIGNED_IN);
    const challenge = result.current.flow.challenge as string;
    expect(wallet.signed).toEqual([challenge]);
    expect(walletCalls(env)).toEqual([START, AUTHENTICATE]);
    expect(bodyOf(env, '/crypto_wallets/authenticate')).toMatchObject({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'solana',
      signature: wallet.signBase58(challenge),
      session_duration_minutes: 60,
    });
    expect(result.current.flow).toMatchObject({
      status: 'success',
      walletOption: 'Phantom',
      walletAddress: wallet.address,
    });
    expect(result.current.session.user?.crypto_wallets).toEqual([
      expect.objectContaining({ crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana' }),
    ]);
  });

  it('signs the returning wallet into the same user (standalone, the own session duration)', async () => {
    const env = await startTestEnvironment();
    const wallet = new TestEthereumWallet();
    installMetaMask(wallet.provider);
    const { result } = renderHook(() => useWalletScreen({ sessionDurationMinutes: 45 }), { wrapper: wrapperFor(env) });
    const metamask = await firstWallet(result);

    await act(() => result.current.flow.start(metamask));
    await waitFor(() => expect(result.current.session.hasSession).toBe(true), waitLong);
    const firstUser = result.current.session.user?.user_id;
    expect(result.current.flow).toMatchObject({
      status: 'success',
      walletOption: 'Metamask',
      walletAddress: wallet.address,
    });
    await act(() => result.current.session.revoke());
    await waitFor(() => expect(result.current.session.hasSession).toBe(false), waitLong);

    await act(() => result.current.flow.start(metamask));

    await waitFor(() => expect(result.current.session.hasSession).toBe(true), waitLong);
    expect(result.current.session.user?.user_id).toBe(firstUser);
    expect(result.current.session.user?.crypto_wallets).toHaveLength(1);
    expect(bodyOf(env, '/crypto_wallets/authenticate')).toMatchObject({ session_duration_minutes: 45 });
  });

  it('reports CRYPTO_CONNECT_ERROR and shows CryptoError when the user refuses to connect', async () => {
    const env = await startTestEnvironment();
    const wallet = new TestEthereumWallet();
    wallet.next.connect = 'reject';
    installMetaMask(wallet.provider);
    const store = walletStore();
    const screens = screensOf(store);
    const onError = vi.fn();
    const hostOnError = vi.fn();
    store.setState({ callbacks: { onError: hostOnError } });
    const { result } = renderHook(() => useWalletScreen({ onError }), { wrapper: wrapperFor(env, store) });
    const metamask = await firstWallet(result);

    let signedIn = true;
    await act(async () => {
      signedIn = await result.current.flow.start(metamask);
    });

    expect(signedIn).toBe(false);
    const error = expect.objectContaining({ type: 'crypto_connect_failed', message: CRYPTO_CONNECT_ERROR });
    expect(onError).toHaveBeenCalledExactlyOnceWith(error);
    expect(hostOnError).toHaveBeenCalledExactlyOnceWith(error);
    expect(screens).toEqual(['CryptoConnect', 'CryptoError']);
    expect(store.getState().formState.errorDescriptor).toEqual({
      messageId: 'crypto_connect_failed',
      message: CRYPTO_CONNECT_ERROR,
    });
    expect(result.current.flow).toMatchObject({
      status: 'error',
      error,
      walletOption: 'Metamask',
      walletAddress: null,
    });
    expect(walletCalls(env)).toEqual([]);
    expect(wallet.requests.map((request) => request.method)).toEqual(['eth_requestAccounts']);

    // The back arrow: Main again, nothing failed any more.
    act(() => store.getState().dispatch({ type: 'back' }));
    expect(result.current.flow).toMatchObject({ status: 'idle', error: null });
  });

  it('reports CRYPTO_CONNECT_ERROR when the wallet connects without an account', async () => {
    const env = await startTestEnvironment();
    const onError = vi.fn();
    const { result } = renderHook(() => useCryptoWalletFlow({ onError }), { wrapper: wrapperFor(env) });
    const noAccount = { request: async () => [] };

    await act(() =>
      result.current.start({ option: 'Other Ethereum Wallet', type: 'ethereum', name: 'Empty', provider: noAccount }),
    );

    expect(onError).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ type: 'crypto_connect_failed', message: CRYPTO_CONNECT_ERROR }),
    );
    expect(result.current).toMatchObject({ status: 'error', walletOption: 'Other Ethereum Wallet' });
    expect(walletCalls(env)).toEqual([]);
  });

  it('reports CRYPTO_SIGN_ERROR and shows CryptoError when the user refuses to sign, sending no signature', async () => {
    const env = await startTestEnvironment();
    const wallet = new TestSolanaWallet();
    wallet.next.sign = 'reject';
    installPhantom(wallet.provider);
    const store = walletStore();
    const screens = screensOf(store);
    const onError = vi.fn();
    const { result } = renderHook(() => useWalletScreen({ onError }), { wrapper: wrapperFor(env, store) });
    const phantom = await firstWallet(result);

    await act(() => result.current.flow.start(phantom));

    const error = expect.objectContaining({ type: 'crypto_sign_failed', message: CRYPTO_SIGN_ERROR });
    expect(onError).toHaveBeenCalledExactlyOnceWith(error);
    expect(screens).toEqual(['CryptoConnect', 'CryptoSignMessage', 'CryptoError']);
    expect(store.getState().formState.errorDescriptor).toEqual({
      messageId: 'crypto_sign_failed',
      message: CRYPTO_SIGN_ERROR,
    });
    expect(result.current.flow).toMatchObject({ status: 'error', error, walletAddress: wallet.address });
    expect(walletCalls(env)).toEqual([START]);
    expect(result.current.session.hasSession).toBe(false);
  });

  it('shows the provider’s refusal when the wallet signs with another key, and signs nobody in', async () => {
    const env = await startTestEnvironment();
    const wallet = new TestEthereumWallet();
    const impostor = new TestEthereumWallet();
    // The account is one key's, the signature another's.
    installMetaMask({
      request: (args: { method: string; params?: readonly unknown[] }) =>
        args.method === 'personal_sign'
          ? impostor.sign({ raw: (args.params as [`0x${string}`])[0] })
          : wallet.request(args),
    });
    const store = walletStore();
    const screens = screensOf(store);
    const onError = vi.fn();
    const { result } = renderHook(() => useWalletScreen({ onError }), { wrapper: wrapperFor(env, store) });
    const metamask = await firstWallet(result);

    await act(() => result.current.flow.start(metamask));

    expect(walletCalls(env)).toEqual([START, expect.stringMatching(/^POST \/crypto_wallets\/authenticate 4\d\d$/)]);
    const error = onError.mock.calls[0]?.[0];
    expect(onError).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({
      type: 'unable_to_authenticate_crypto_wallet',
      message: expect.any(String),
      status: expect.any(Number),
    });
    expect(screens).toEqual(['CryptoConnect', 'CryptoSignMessage', 'CryptoError']);
    expect(store.getState().formState.errorDescriptor).toEqual({ messageId: error.type, message: error.message });
    expect(result.current.flow.error).toEqual(error);
    expect(result.current.session.hasSession).toBe(false);
  });

  it('shows the provider’s refusal of the challenge (an address it does not accept), asking no signature', async () => {
    const env = await startTestEnvironment();
    const onError = vi.fn();
    const store = walletStore();
    const screens = screensOf(store);
    const { result } = renderHook(() => useCryptoWalletFlow({ onError }), { wrapper: wrapperFor(env, store) });
    const signMessage = vi.fn();
    const broken = { connect: async () => ({ publicKey: { toBase58: () => 'not-a-key' } }), signMessage };

    await act(() =>
      result.current.start({ option: 'Other Solana Wallet', type: 'solana', name: 'Broken', provider: broken }),
    );

    expect(walletCalls(env)).toEqual([
      expect.stringMatching(/^POST \/crypto_wallets\/authenticate\/start\/primary 4\d\d$/),
    ]);
    expect(onError).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ type: 'invalid_crypto_wallet_address', status: 400 }),
    );
    expect(screens).toEqual(['CryptoConnect', 'CryptoError']);
    expect(signMessage).not.toHaveBeenCalled();
  });

  it('a signature that arrives after the back arrow changes nothing: no sign-in, no screen, no error', async () => {
    const env = await startTestEnvironment();
    const { wallet, provider, popUps } = heldEthereumWallet('personal_sign');
    installMetaMask(provider);
    const store = walletStore();
    const screens = screensOf(store);
    const onError = vi.fn();
    const { result } = renderHook(() => useWalletScreen({ onError }), { wrapper: wrapperFor(env, store) });
    const metamask = await firstWallet(result);

    let pending: Promise<boolean> = Promise.resolve(true);
    act(() => {
      pending = result.current.flow.start(metamask);
    });
    await waitFor(() => expect(popUps.waiting).toBe(1), waitLong);
    expect(result.current.flow.status).toBe('signing');

    // The CryptoSignMessage screen's back arrow, while the signature pop-up is open; then the user signs anyway.
    act(() => store.getState().dispatch({ type: 'back' }));
    popUps.answer();

    expect(await act(() => pending)).toBe(false);
    await env.settled();
    expect(wallet.requests.map((request) => request.method)).toEqual(['eth_requestAccounts', 'personal_sign']);
    expect(walletCalls(env)).toEqual([START]);
    expect(screens).toEqual(['CryptoConnect', 'CryptoSignMessage', 'Main']);
    expect(result.current.flow.status).toBe('idle');
    expect(result.current.session.hasSession).toBe(false);
    expect(onError).not.toHaveBeenCalled();
  });

  it('an account that arrives after the user went back and chose again moves nothing; the new attempt signs in', async () => {
    const env = await startTestEnvironment();
    const { wallet, provider, popUps } = heldEthereumWallet('eth_requestAccounts');
    installMetaMask(provider);
    const store = walletStore();
    const screens = screensOf(store);
    const { result } = renderHook(() => useWalletScreen(), { wrapper: wrapperFor(env, store) });
    const metamask = await firstWallet(result);

    let abandoned: Promise<boolean> = Promise.resolve(true);
    act(() => {
      abandoned = result.current.flow.start(metamask);
    });
    await waitFor(() => expect(popUps.waiting).toBe(1), waitLong);
    act(() => store.getState().dispatch({ type: 'back' }));
    let chosenAgain: Promise<boolean> = Promise.resolve(false);
    act(() => {
      chosenAgain = result.current.flow.start(metamask);
    });
    await waitFor(() => expect(popUps.waiting).toBe(2), waitLong);

    // The first pop-up answers while the second attempt shows CryptoConnect: it must not take that screen over.
    popUps.answer();
    expect(await act(() => abandoned)).toBe(false);
    await env.settled();
    expect(walletCalls(env)).toEqual([]);
    expect(store.getState().screen).toBe('CryptoConnect');

    popUps.answer();
    expect(await act(() => chosenAgain)).toBe(true);
    await waitFor(() => expect(result.current.session.hasSession).toBe(true), waitLong);
    expect(walletCalls(env)).toEqual([START, AUTHENTICATE]);
    expect(screens).toEqual(['CryptoConnect', 'Main', ...SIGNED_IN]);
    expect(wallet.requests.filter((request) => request.method === 'personal_sign')).toHaveLength(1);
  });

  it('cancel() (standalone) abandons the attempt: back to idle, and the late signature is never sent', async () => {
    const env = await startTestEnvironment();
    const { wallet, provider, popUps } = heldSolanaWallet();
    installPhantom(provider);
    const onError = vi.fn();
    const { result } = renderHook(() => useWalletScreen({ onError }), { wrapper: wrapperFor(env) });
    const phantom = await firstWallet(result);

    let pending: Promise<boolean> = Promise.resolve(true);
    act(() => {
      pending = result.current.flow.start(phantom);
    });
    await waitFor(() => expect(popUps.waiting).toBe(1), waitLong);
    expect(result.current.flow).toMatchObject({
      status: 'signing',
      walletOption: 'Phantom',
      walletAddress: wallet.address,
      challenge: expect.any(String),
    });

    act(() => result.current.flow.cancel());
    expect(result.current.flow).toMatchObject({
      status: 'idle',
      walletOption: null,
      walletAddress: null,
      challenge: null,
    });
    popUps.answer();

    expect(await act(() => pending)).toBe(false);
    await env.settled();
    expect(wallet.signed).toHaveLength(1);
    expect(walletCalls(env)).toEqual([START]);
    expect(result.current.flow.status).toBe('idle');
    expect(result.current.session.hasSession).toBe(false);
    expect(onError).not.toHaveBeenCalled();
  });

  it('cancel() inside a <SignIn> is the back arrow: Main again, the attempt abandoned', async () => {
    const env = await startTestEnvironment();
    const { provider, popUps } = heldEthereumWallet('eth_requestAccounts');
    installMetaMask(provider);
    const store = walletStore();
    const { result } = renderHook(() => useWalletScreen(), { wrapper: wrapperFor(env, store) });
    const metamask = await firstWallet(result);
    let pending: Promise<boolean> = Promise.resolve(true);
    act(() => {
      pending = result.current.flow.start(metamask);
    });
    expect(result.current.flow).toMatchObject({ status: 'connecting', walletOption: 'Metamask' });

    act(() => result.current.flow.cancel());
    popUps.answer();

    expect(await act(() => pending)).toBe(false);
    expect(store.getState().screen).toBe('Main');
    expect(result.current.flow).toMatchObject({ status: 'idle', walletOption: null });
    await env.settled();
    expect(walletCalls(env)).toEqual([]);
  });

  it('ignores a second start while the wallet’s pop-up is open (one pop-up, one sign-in)', async () => {
    const env = await startTestEnvironment();
    const { wallet, provider, popUps } = heldEthereumWallet('eth_requestAccounts');
    installMetaMask(provider);
    const store = walletStore();
    const { result } = renderHook(() => useWalletScreen(), { wrapper: wrapperFor(env, store) });
    const metamask = await firstWallet(result);

    let first: Promise<boolean> = Promise.resolve(false);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = result.current.flow.start(metamask);
      second = result.current.flow.start(metamask);
    });

    expect(await act(() => second)).toBe(false);
    await waitFor(() => expect(popUps.waiting).toBe(1), waitLong);
    popUps.answer();
    expect(await act(() => first)).toBe(true);
    expect(wallet.requests.map((request) => request.method)).toEqual(['eth_requestAccounts', 'personal_sign']);
    expect(walletCalls(env)).toEqual([START, AUTHENTICATE]);
    expect(store.getState().screen).toBe('CryptoConfirmation');
  });

  it('signs the Sign-In with Ethereum message for this page, which the provider asks of every Ethereum wallet', async () => {
    const env = await startTestEnvironment();
    const wallet = new TestEthereumWallet();
    installMetaMask(wallet.provider);
    const { result } = renderHook(() => useWalletScreen(), { wrapper: wrapperFor(env, walletStore()) });
    const metamask = await firstWallet(result);

    await act(() => result.current.flow.start(metamask));

    await waitFor(() => expect(result.current.session.hasSession).toBe(true), waitLong);
    expect(bodyOf(env, '/crypto_wallets/authenticate/start/primary')).toMatchObject({
      siwe_params: { uri: 'http://localhost:5173' },
    });
    expect(result.current.flow.challenge).toContain(wallet.address);
    expect(result.current.flow.challenge).toMatch(
      /^http:\/\/localhost:5173 wants you to sign in with your Ethereum account:\n/,
    );
  });

  it('leaves a multi-factor sign-in waiting for its second factor and goes to its screen', async () => {
    const env = await mfaEnvironment();
    const wallet = new TestEthereumWallet();
    installMetaMask(wallet.provider);
    // A user with a password, a confirmed authenticator app and this wallet, signed out again.
    await signUp(env);
    const totp = await env.client.totps.create({ expiration_minutes: 30 });
    await env.client.totps.authenticate({ totp_code: await codeNow(env, totp.secret), session_duration_minutes: 30 });
    const { challenge } = await env.client.cryptoWallets.authenticateStart({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
    });
    await env.client.cryptoWallets.authenticate({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
      signature: await wallet.sign(challenge),
      session_duration_minutes: 30,
    });
    await env.client.session.revoke();
    await env.settled();
    env.clock.advance(STEP);
    const store = walletStore();
    const { result } = renderHook(() => useWalletScreen(), { wrapper: wrapperFor(env, store) });
    const metamask = await firstWallet(result);

    expect(await act(() => result.current.flow.start(metamask))).toBe(true);

    // The first factor's answer (an intermediate session) is a row of the store's table: on to the second factor.
    // (Leaving the wallet screens resets the wallet flow's own status, as a back arrow does.)
    await waitFor(() => expect(store.getState().screen).toBe('TotpAuthenticate'));
    expect(result.current.session.hasSession).toBe(false);
    expect(isSecondFactorPending(env.client)).toBe(true);
  });
});
