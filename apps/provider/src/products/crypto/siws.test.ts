// Sign-In With Solana: the message every Solana wallet is asked to sign names the page that asked (domain and URI),
// the project's cluster, a single-use nonce and its expiry. Checked against the Solana wallet standard's own
// reference implementation (@solana/wallet-standard-util: the message builder, parser and verifier dapps use).

import { createSignInMessageText, parseSignInMessageText, verifySignIn } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import {
  BAD_SIGNATURE,
  challengeOf,
  nonceOf,
  signedIn,
  signWith,
  walletAuthenticate,
  walletStart,
} from '../../../test/walletSteps';
import { iso, ORIGIN, START, startProvider } from '../../../testing/harness';
import { TestSolanaWallet } from '../../../testing/testWallets';

const FIVE_MINUTES = 5 * 60_000;

describe('Sign-In With Solana', () => {
  it('asks for the message the wallet standard builds for this page, cluster, nonce and times, and its verifier accepts the signature', async () => {
    const t = await startProvider();
    const wallet = new TestSolanaWallet();
    const challenge = challengeOf(await walletStart(t, wallet));
    const input = {
      domain: 'localhost:5173',
      address: wallet.address,
      uri: ORIGIN,
      version: '1',
      chainId: 'mainnet',
      nonce: nonceOf(challenge),
      issuedAt: iso(START),
      expirationTime: iso(START + FIVE_MINUTES),
    };
    expect(challenge).toBe(createSignInMessageText(input));
    expect(parseSignInMessageText(challenge)).toEqual({
      ...input,
      statement: undefined,
      notBefore: undefined,
      requestId: undefined,
      resources: undefined,
    });
    const signature = await signWith(wallet, challenge);
    const output = {
      account: { address: wallet.address, publicKey: wallet.keyPair.publicKey, chains: [], features: [] },
      signedMessage: new TextEncoder().encode(challenge),
      signature: Uint8Array.from(bs58.decode(signature)),
    };
    expect(verifySignIn(input, output)).toBe(true);
    expect(verifySignIn({ ...input, domain: 'evil.example' }, output)).toBe(false);
    expect(signedIn(await walletAuthenticate(t, wallet, signature)).userId).toMatch(/^user-test-/);
  });

  it('names the cluster the project configures (project.cryptoWallets.solanaChainId)', async () => {
    const t = await startProvider({ project: { cryptoWallets: { solanaChainId: 'devnet' } } });
    const wallet = new TestSolanaWallet();
    const challenge = challengeOf(await walletStart(t, wallet));
    expect(parseSignInMessageText(challenge)?.chainId).toBe('devnet');
    expect(signedIn(await walletAuthenticate(t, wallet, await signWith(wallet, challenge))).userId).toMatch(/^user-/);
  });

  it('refuses the signature of the same message for another domain, URI or cluster (a phishing page’s copy)', async () => {
    const t = await startProvider();
    const wallet = new TestSolanaWallet();
    const challenge = challengeOf(await walletStart(t, wallet));
    const copies = [
      challenge.replace('localhost:5173 wants', 'evil.example wants'),
      challenge.replace(`URI: ${ORIGIN}`, 'URI: https://evil.example'),
      challenge.replace('Chain ID: mainnet', 'Chain ID: devnet'),
    ];
    for (const message of copies) {
      expect(message).not.toBe(challenge);
      expect((await walletAuthenticate(t, wallet, await signWith(wallet, message))).json).toEqual(BAD_SIGNATURE);
    }
    expect((await walletAuthenticate(t, wallet, await signWith(wallet, challenge))).status).toBe(200);
  });
});
