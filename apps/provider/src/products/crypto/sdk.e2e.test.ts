// End to end: the real @latchkey/sdk against the real provider (in-process) for crypto wallets. The wallets sign
// with real keys (testing/testWallets.ts): an Ethereum account through its EIP-1193 provider (personal_sign), a
// Solana keypair through its Phantom-style provider (signMessage, base58), as the widget's wallet chunk drives them.
import { APIError } from '@latchkey/sdk';
import bs58 from 'bs58';
import { generate } from 'otplib';
import { stringToHex } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { ORIGIN, startProvider, type TestProvider } from '../../../testing/harness';
import { expectRefusedSignedOut, expectSignedIn, openSdkTab, type SdkTab } from '../../../testing/sdkClient';
import { TestEthereumWallet, TestSolanaWallet } from '../../../testing/testWallets';

const EMAIL = 'ada@example.com';

/** Ethereum: the account from `eth_requestAccounts`, a challenge, `personal_sign` (hex message), authenticate. */
async function ethereumSignIn(tab: SdkTab, wallet: TestEthereumWallet) {
  const [address] = (await wallet.provider.request({ method: 'eth_requestAccounts' })) as string[];
  if (address === undefined) throw new Error('the wallet gave no account');
  const { challenge } = await tab.client.cryptoWallets.authenticateStart({
    crypto_wallet_address: address,
    crypto_wallet_type: 'ethereum',
  });
  const signature = (await wallet.provider.request({
    method: 'personal_sign',
    params: [stringToHex(challenge), address],
  })) as string;
  const answer = await tab.client.cryptoWallets.authenticate({
    crypto_wallet_address: address,
    crypto_wallet_type: 'ethereum',
    signature,
    session_duration_minutes: 60,
  });
  return { challenge, answer };
}

/** Solana: `connect`, a challenge, `signMessage` on its bytes, the signature in base58, authenticate. */
async function solanaSignIn(tab: SdkTab, wallet: TestSolanaWallet) {
  const solana = wallet.provider;
  const address = (await solana.connect()).publicKey.toBase58();
  const { challenge } = await tab.client.cryptoWallets.authenticateStart({
    crypto_wallet_address: address,
    crypto_wallet_type: 'solana',
  });
  const { signature } = await solana.signMessage(new TextEncoder().encode(challenge));
  const answer = await tab.client.cryptoWallets.authenticate({
    crypto_wallet_address: address,
    crypto_wallet_type: 'solana',
    signature: bs58.encode(signature),
    session_duration_minutes: 60,
  });
  return { challenge, answer };
}

/** A tab signed in through an emailed passcode a moment ago (a recent factor, as attaching a wallet needs). */
async function passcodeTab(t: TestProvider, options: Parameters<typeof openSdkTab>[1] = {}): Promise<SdkTab> {
  const tab = await openSdkTab(t, options);
  const { method_id } = await tab.client.otps.email.loginOrCreate(EMAIL);
  await tab.client.otps.authenticate(await t.lastCode(EMAIL), method_id, { session_duration_minutes: 60 });
  return tab;
}

const calls = (tab: SdkTab) => tab.requests.map(({ method, path, status }) => `${method} ${path} ${status}`);

describe('SDK cryptoWallets against the provider', () => {
  it('signs a new user up and in again with an Ethereum wallet, sending the page as the SIWE uri (the bootstrap says so)', async () => {
    const t = await startProvider();
    const tab = await openSdkTab(t);
    expect(tab.client.bootstrap.getSync().siweRequiredForCryptoWallets).toBe(true);
    const wallet = new TestEthereumWallet();
    tab.requests.length = 0;

    const first = await ethereumSignIn(tab, wallet);
    expect(calls(tab)).toEqual([
      'POST /crypto_wallets/authenticate/start/primary 200',
      'POST /crypto_wallets/authenticate 200',
    ]);
    expect(tab.requests[0]?.body).toEqual({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
      siwe_params: { uri: ORIGIN },
    });
    expect(parseSiweMessage(first.challenge)).toMatchObject({
      scheme: 'http',
      domain: 'localhost:5173',
      address: wallet.address,
      uri: ORIGIN,
      chainId: 1,
    });
    // The wallet was asked for the account, then for the signature of exactly the challenge (hex-encoded).
    expect(wallet.requests.map(({ method }) => method)).toEqual(['eth_requestAccounts', 'personal_sign']);
    expect(wallet.requests[1]?.params).toEqual([stringToHex(first.challenge), wallet.address]);

    const { row } = await expectSignedIn(t, tab);
    expect(first.answer.session.authentication_factors).toEqual([
      expect.objectContaining({
        type: 'crypto',
        delivery_method: 'crypto_wallet',
        crypto_wallet_factor: expect.objectContaining({ crypto_wallet_address: wallet.address }),
      }),
    ]);
    expect(tab.client.user.getSync()?.crypto_wallets).toEqual([
      expect.objectContaining({
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        verified: true,
      }),
    ]);

    await tab.client.session.revoke();
    t.clock.advance(1_000);
    const again = await ethereumSignIn(tab, wallet);
    expect(again.answer.user_id).toBe(row.user_id);
    expect((await expectSignedIn(t, tab)).row.session_id).not.toBe(row.session_id);
  });

  it('signs a new user up and in again with a Solana wallet, with no SIWE fields, signing a Sign-In With Solana message', async () => {
    const t = await startProvider();
    const tab = await openSdkTab(t);
    const wallet = new TestSolanaWallet();
    tab.requests.length = 0;
    const first = await solanaSignIn(tab, wallet);
    expect(tab.requests[0]?.body).toEqual({ crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana' });
    expect(wallet.signed).toEqual([first.challenge]);
    expect(first.challenge.split('\n').slice(0, 2)).toEqual([
      'localhost:5173 wants you to sign in with your Solana account:',
      wallet.address,
    ]);
    expect(first.challenge).toContain(`\nURI: ${ORIGIN}\nVersion: 1\nChain ID: mainnet\nNonce: `);
    const { row } = await expectSignedIn(t, tab);
    await tab.client.session.revoke();
    const again = await solanaSignIn(tab, wallet);
    expect(again.answer.user_id).toBe(row.user_id);
    await expectSignedIn(t, tab);
  });

  it('attaches a wallet to the signed-in user through the secondary start, then removes it', async () => {
    const t = await startProvider();
    const tab = await passcodeTab(t);
    const before = await expectSignedIn(t, tab);
    const wallet = new TestSolanaWallet();
    tab.requests.length = 0;
    const attached = await solanaSignIn(tab, wallet);
    expect(calls(tab)).toEqual([
      'POST /crypto_wallets/authenticate/start/secondary 200',
      'POST /crypto_wallets/authenticate 200',
    ]);
    expect(attached.answer.session.session_id).toBe(before.row.session_id);
    expect(attached.answer.session.authentication_factors.map((factor) => factor.type)).toEqual(['otp', 'crypto']);
    await expectSignedIn(t, tab);
    const [stored] = tab.client.user.getSync()?.crypto_wallets ?? [];
    if (!stored) throw new Error('the wallet is not on the user');

    const removed = await tab.client.user.deleteCryptoWallet(stored.crypto_wallet_id);
    expect(removed.user_id).toBe(before.row.user_id);
    expect(tab.client.user.getSync()?.crypto_wallets).toEqual([]);
    await expectSignedIn(t, tab);
  });

  it('refuses a signature by another key and an expired challenge with the contract’s errors, signed out', async () => {
    const t = await startProvider();
    const tab = await openSdkTab(t);
    const wallet = new TestEthereumWallet();
    const impostor = new TestEthereumWallet();
    const { challenge } = await tab.client.cryptoWallets.authenticateStart({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
    });
    const authenticate = (signature: string) =>
      tab.client.cryptoWallets.authenticate({
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        signature,
        session_duration_minutes: 60,
      });
    await expectRefusedSignedOut(tab, authenticate(await impostor.sign(challenge)), {
      status_code: 401,
      error_type: 'unable_to_authenticate_crypto_wallet',
      error_message:
        'The crypto wallet could not be authenticated: the signature does not match the challenge and address.',
    });
    t.clock.advance(5 * 60_000);
    await expectRefusedSignedOut(tab, authenticate(await wallet.sign(challenge)), {
      status_code: 404,
      error_type: 'crypto_wallet_not_found',
      error_message:
        'No live challenge for this crypto wallet: it expired, was used already, was issued to another session or was never issued. Start again (crypto_wallets/authenticate/start).',
    });
    const malformed = await tab.client.cryptoWallets
      .authenticateStart({ crypto_wallet_address: '0x1234', crypto_wallet_type: 'ethereum' })
      .catch((error: unknown) => error);
    expect(malformed).toBeInstanceOf(APIError);
    expect(malformed).toMatchObject({ status_code: 400, error_type: 'invalid_crypto_wallet_address' });
  });

  it('keeps a wallet sign-in of a user with an authenticator app intermediate until the code (project.mfa.required)', async () => {
    const t = await startProvider({ project: { mfa: { required: true } } });
    const setup = await passcodeTab(t);
    const wallet = new TestEthereumWallet();
    await ethereumSignIn(setup, wallet);
    const created = await setup.client.totps.create({ expiration_minutes: 30 });
    const code = () => generate({ secret: created.secret, epoch: Math.floor(t.clock.now() / 1000) });
    await setup.client.totps.authenticate({ totp_code: await code(), session_duration_minutes: 60 });
    t.clock.advance(30_000);

    const tab = await openSdkTab(t, { sameSiteCookies: true });
    const first = await ethereumSignIn(tab, wallet);
    expect(first.answer).toMatchObject({ session_token: '', session_jwt: '' });
    expect(tab.client.session.getSync()).toBeNull();
    expect(tab.cookie('stytch_intermediate_session_token')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const answer = await tab.client.totps.authenticate({ totp_code: await code(), session_duration_minutes: 60 });
    await expectSignedIn(t, tab);
    expect(answer.session.authentication_factors.map((factor) => factor.type)).toEqual(['crypto', 'totp']);
  });
});
