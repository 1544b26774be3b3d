// The real `@stytch/vanilla-js` 6.3.0 client's crypto wallet calls against the provider, signed by real keys
// (testing/testWallets.ts): cases of test/stytch-vanilla.e2e.test.ts (its harness is test/stytchVanilla.ts), which
// collects this file.
import { StytchAPIError } from '@stytch/vanilla-js/headless';
import bs58 from 'bs58';
import { stringToHex } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import {
  type Client,
  cookieValue,
  openPage,
  passcodeSignIn,
  rejectionOf,
  sent,
  start,
} from '../../../test/stytchVanilla';
import { ORIGIN } from '../../../testing/harness';
import { TestEthereumWallet, TestSolanaWallet } from '../../../testing/testWallets';

/** Signs in with an Ethereum wallet as a page does: accounts from its EIP-1193 provider, then personal_sign (hex). */
async function ethereumSignIn(client: Client, wallet: TestEthereumWallet) {
  const [address] = (await wallet.provider.request({ method: 'eth_requestAccounts' })) as string[];
  if (address === undefined) throw new Error('the wallet gave no account');
  const { challenge } = await client.cryptoWallets.authenticateStart({
    crypto_wallet_address: address,
    crypto_wallet_type: 'ethereum',
  });
  const signature = (await wallet.provider.request({
    method: 'personal_sign',
    params: [stringToHex(challenge), address],
  })) as string;
  const answer = await client.cryptoWallets.authenticate({
    crypto_wallet_address: address,
    crypto_wallet_type: 'ethereum',
    signature,
    session_duration_minutes: 60,
  });
  return { address, challenge, answer };
}

/** Signs in with a Solana wallet as a page does: connect, signMessage on the challenge's bytes, base58. */
async function solanaSignIn(client: Client, wallet: TestSolanaWallet) {
  const solana = wallet.provider;
  const address = (await solana.connect()).publicKey.toBase58();
  const { challenge } = await client.cryptoWallets.authenticateStart({
    crypto_wallet_address: address,
    crypto_wallet_type: 'solana',
  });
  const { signature } = await solana.signMessage(new TextEncoder().encode(challenge));
  const answer = await client.cryptoWallets.authenticate({
    crypto_wallet_address: address,
    crypto_wallet_type: 'solana',
    signature: bs58.encode(signature),
    session_duration_minutes: 60,
  });
  return { address, challenge, answer };
}

export function stytchVanillaCases(): void {
  describe('@stytch/vanilla-js 6.3.0 crypto wallet calls against the provider', () => {
    it('signs a new user up, and the same user in again, with an Ethereum wallet and Sign-In with Ethereum', async () => {
      const t = await start();
      const client = openPage(t);
      const wallet = new TestEthereumWallet();
      const first = await ethereumSignIn(client, wallet);
      // The client read the bootstrap's siwe_required_for_crypto_wallets and sent the page as siwe_params.uri.
      expect(sent.slice(-2).map(({ path, body, status }) => ({ path, body, status }))).toEqual([
        {
          path: '/crypto_wallets/authenticate/start/primary',
          body: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum', siwe_params: { uri: ORIGIN } },
          status: 200,
        },
        {
          path: '/crypto_wallets/authenticate',
          body: {
            crypto_wallet_address: wallet.address,
            crypto_wallet_type: 'ethereum',
            signature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
            session_duration_minutes: 60,
          },
          status: 200,
        },
      ]);
      expect(parseSiweMessage(first.challenge)).toMatchObject({
        scheme: 'http',
        domain: 'localhost:5173',
        uri: ORIGIN,
        address: wallet.address,
        chainId: 1,
        version: '1',
      });
      expect(first.answer).toMatchObject({
        status_code: 200,
        user_id: expect.stringMatching(/^user-test-/),
        session_token: expect.any(String),
        session_jwt: expect.any(String),
      });
      expect(first.answer).not.toHaveProperty('__user');
      expect(cookieValue('stytch_session')).toBe(first.answer.session_token);
      const factors = client.session.getSync()?.authentication_factors;
      expect(factors).toEqual([
        expect.objectContaining({
          type: 'crypto',
          delivery_method: 'crypto_wallet',
          crypto_wallet_factor: expect.objectContaining({
            crypto_wallet_address: wallet.address,
            crypto_wallet_type: 'ethereum',
          }),
        }),
      ]);
      expect(client.user.getSync()?.crypto_wallets).toEqual([
        expect.objectContaining({
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: 'ethereum',
          verified: true,
        }),
      ]);

      await client.session.revoke();
      t.clock.advance(1_000);
      const again = await ethereumSignIn(client, wallet);
      expect(again.answer.user_id).toBe(first.answer.user_id);
      expect(again.answer.session.session_id).not.toBe(first.answer.session.session_id);
    });

    it('signs a new user up, and the same user in again, with a Solana wallet (Sign-In With Solana, base58 signature)', async () => {
      const t = await start();
      const client = openPage(t);
      const wallet = new TestSolanaWallet();
      const first = await solanaSignIn(client, wallet);
      // SIWE is for Ethereum: the client sends no siwe_params for Solana.
      expect(sent.at(-2)).toMatchObject({
        path: '/crypto_wallets/authenticate/start/primary',
        body: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana' },
        status: 200,
      });
      expect(sent.at(-2)?.body).not.toHaveProperty('siwe_params');
      expect(wallet.signed).toEqual([first.challenge]);
      expect(first.challenge.split('\n').slice(0, 2)).toEqual([
        'localhost:5173 wants you to sign in with your Solana account:',
        wallet.address,
      ]);
      expect(client.user.getSync()?.crypto_wallets).toEqual([
        expect.objectContaining({
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: 'solana',
          verified: true,
        }),
      ]);
      await client.session.revoke();
      t.clock.advance(1_000);
      const again = await solanaSignIn(client, wallet);
      expect(again.answer.user_id).toBe(first.answer.user_id);
      expect(cookieValue('stytch_session')).toBe(again.answer.session_token);
    });

    it('attaches a wallet through the secondary start when the page holds a session, then deletes it', async () => {
      const t = await start();
      const client = openPage(t);
      const signedIn = await passcodeSignIn(t, client);
      const wallet = new TestEthereumWallet();
      const attached = await ethereumSignIn(client, wallet);
      expect(sent.at(-2)).toMatchObject({
        path: '/crypto_wallets/authenticate/start/secondary',
        authorization: `Basic ${btoa(`${t.provider.config.project.publicToken}:${signedIn.session_token}`)}`,
        status: 200,
      });
      // The client sends the page as siwe_params.uri (the bootstrap requires SIWE), and the wallet signs the message.
      expect(sent.at(-2)?.body).toMatchObject({ siwe_params: { uri: ORIGIN } });
      expect(parseSiweMessage(attached.challenge)).toMatchObject({ domain: 'localhost:5173', address: wallet.address });
      expect(attached.answer.session.session_id).toBe(signedIn.session.session_id);
      expect(client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual(['otp', 'crypto']);
      const [stored] = client.user.getSync()?.crypto_wallets ?? [];
      expect(stored).toEqual({
        crypto_wallet_id: expect.stringMatching(/^crypto-wallet-test-/),
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        verified: true,
      });

      const deleted = await client.user.deleteCryptoWallet(stored?.crypto_wallet_id ?? '');
      expect(deleted.user_id).toBe(signedIn.user_id);
      expect(client.user.getSync()?.crypto_wallets).toEqual([]);
    });

    it('maps a signature by another key and a used challenge to StytchAPIError with the contract’s error types', async () => {
      const t = await start();
      const client = openPage(t);
      const wallet = new TestSolanaWallet();
      const impostor = new TestSolanaWallet();
      const { challenge } = await client.cryptoWallets.authenticateStart({
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'solana',
      });
      const forged = await rejectionOf(
        client.cryptoWallets.authenticate({
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: 'solana',
          signature: impostor.signBase58(challenge),
          session_duration_minutes: 60,
        }),
      );
      expect(forged).toBeInstanceOf(StytchAPIError);
      expect(forged).toMatchObject({ status_code: 401, error_type: 'unable_to_authenticate_crypto_wallet' });
      expect(client.session.getSync()).toBeNull();

      const genuine = {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'solana',
        signature: wallet.signBase58(challenge),
        session_duration_minutes: 60,
      };
      await client.cryptoWallets.authenticate(genuine);
      await client.session.revoke();
      const replayed = await rejectionOf(client.cryptoWallets.authenticate(genuine));
      expect(replayed).toMatchObject({ status_code: 404, error_type: 'crypto_wallet_not_found' });
      expect(client.session.getSync()).toBeNull();
    });
  });
}
