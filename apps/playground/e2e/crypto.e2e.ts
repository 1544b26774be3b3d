// Crypto wallets in the default kit, with test wallets injected into Chromium before the page loads (e2e/wallets.ts:
// EIP-6963 providers and Phantom-style Solana providers, signing in Node with real keys).
import nacl from 'tweetnacl';
import { type Hex, verifyMessage } from 'viem';
import { describe, expect } from 'vitest';
import { open, test } from './support';
import { ethereumWallet, installWallets, solanaWallet } from './wallets';

describe('crypto wallets (default kit, injected wallets)', () => {
  test('the injected wallets answer the page with real signatures', async ({ page }) => {
    const metamask = ethereumWallet('metamask');
    const phantom = solanaWallet();
    await installWallets(page, [metamask, phantom]);
    await open(page, '/session');
    const message = 'Sign in to Latchkey\nnonce: 42';
    const answers = await page.evaluate(async (text) => {
      type Ethereum = { request(args: object): Promise<unknown> };
      type Solana = {
        connect(): Promise<{ publicKey: { toBase58(): string } }>;
        signMessage(message: Uint8Array): Promise<{ signature: Uint8Array }>;
      };
      const found: { info: { rdns: string }; provider: Ethereum }[] = [];
      window.addEventListener('eip6963:announceProvider', (event) => found.push((event as CustomEvent).detail));
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      const ethereum = found[0]?.provider as Ethereum;
      const [address] = (await ethereum.request({ method: 'eth_requestAccounts' })) as string[];
      const bytes = Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0'));
      const signature = await ethereum.request({ method: 'personal_sign', params: [`0x${bytes.join('')}`, address] });
      const pageWindow = window as unknown as { phantom: { solana: Solana }; solana: Solana };
      const { publicKey } = await pageWindow.phantom.solana.connect();
      const signed = await pageWindow.phantom.solana.signMessage(new TextEncoder().encode(text));
      return {
        rdns: found.map((wallet) => wallet.info.rdns),
        address,
        signature,
        solanaAddress: publicKey.toBase58(),
        solanaSignature: Array.from(signed.signature),
        isPhantomAlsoWindowSolana: pageWindow.solana === pageWindow.phantom.solana,
      };
    }, message);
    expect(answers.rdns).toEqual(['io.metamask']);
    expect(answers.address).toBe(metamask.wallet.address);
    expect(
      await verifyMessage({ address: metamask.wallet.address as Hex, message, signature: answers.signature as Hex }),
    ).toBe(true);
    expect(answers.solanaAddress).toBe(phantom.wallet.address);
    expect(
      nacl.sign.detached.verify(
        new TextEncoder().encode(message),
        Uint8Array.from(answers.solanaSignature),
        phantom.wallet.keyPair.publicKey,
      ),
    ).toBe(true);
    expect(answers.isPhantomAlsoWindowSolana).toBe(true);

    // A refusal reaches the page as the wallet's EIP-1193 error (4001), not as a generic failure.
    metamask.wallet.next.sign = 'reject';
    const refusal = await page.evaluate(async (address) => {
      const found: { provider: { request(args: object): Promise<unknown> } }[] = [];
      window.addEventListener('eip6963:announceProvider', (event) => found.push((event as CustomEvent).detail));
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      return found[0]?.provider.request({ method: 'personal_sign', params: ['0x6869', address] }).then(
        () => null,
        (error: { code: number }) => error.code,
      );
    }, metamask.wallet.address);
    expect(refusal).toBe(4001);
  });
});
