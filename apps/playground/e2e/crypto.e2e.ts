// Crypto wallets in both kits, with test wallets injected into Chromium before the page loads (e2e/wallets.ts:
// EIP-6963 providers and Phantom-style Solana providers whose keys stay in Node, so the provider verifies real
// signatures). A MetaMask-style wallet signs up and signs in again as the same user; a Phantom-style wallet signs in
// (unstyled kit); a refused pop-up leads to CryptoError and its back arrow to Main, and so does the back arrow while
// connecting; no wallet leads to the four download links; six wallets overflow to 'Continue with other Crypto
// Wallet'. The wallets sign messages that name the page: Sign-In with Ethereum (EIP-4361) for MetaMask, Sign-In
// With Solana for Phantom. axe-core on every wallet screen: a held wallet answer keeps CryptoConnect and
// CryptoSignMessage up while axe runs. Each test loads the playground once (a page load is most of a test's time)
// and moves in the app after.
import type { Locator, Page } from 'playwright-core';
import { type Hex, hexToString } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { describe, expect } from 'vitest';
import { PLAYGROUND_URL } from './config';
import { checkA11y, expectSignedOut, open, sessionStatus, test, widget } from './support';
import { ethereumWallet, installWallets, solanaWallet } from './wallets';

/** Wallets beside the email form, as a host would offer them (the wallet buttons come first, then 'or'). */
const PAGE = '/?products=emailMagicLinks,crypto';
const CONNECTING = 'Connecting to your wallet...';
const SIGNING = 'Completing signature request...';
const CONFIRMED = 'You have successfully connected your wallet.';
const ERROR_TITLE = 'Looks like there was an error!';
const ERROR_TEXT =
  'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!';

/** The wallet button 'Continue with {wallet}' (wallets by their brand names: 'MetaMask', 'Phantom', …). */
function walletButton(signIn: Locator, wallet: string): Locator {
  return signIn.getByRole('button', { name: `Continue with ${wallet}`, exact: true });
}

/** The labels of the widget's 'Continue with …' buttons, top to bottom (their icons are decorative, text-less SVG). */
async function walletButtonNames(signIn: Locator): Promise<string[]> {
  const names = await signIn.getByRole('button', { name: /^Continue with / }).allTextContents();
  return names.map((name) => name.trim());
}

/** Waits for CryptoConfirmation ('Success!'). */
async function expectWalletConfirmation(signIn: Locator): Promise<void> {
  await signIn.getByRole('heading', { name: 'Success!' }).waitFor();
  await signIn.getByText(CONFIRMED).waitFor();
}

/** Waits until the header says the user is signed in as `address` (the playground names a wallet user by it). */
async function expectSignedInAs(page: Page, address: string): Promise<void> {
  // Ethereum addresses are case-insensitive (the checksum is only in the letters' case); base58 is not.
  const normalise = (text: string | null) => (address.startsWith('0x') ? (text ?? '').toLowerCase() : text);
  await expect
    .poll(async () => normalise(await sessionStatus(page).textContent()))
    .toBe(normalise(`Signed in as ${address}`));
}

/**
 * Opens /session from the header's 'Signed in as …' link (in the app, no reload), checks that the user holds
 * `address` (its type, verified) and signed in with it, and returns the user id.
 */
async function sessionUserWith(page: Page, address: string, type: 'ethereum' | 'solana'): Promise<string> {
  await sessionStatus(page).getByRole('link').click();
  await page.getByRole('heading', { name: 'Session', level: 1 }).waitFor();
  const flags = address.startsWith('0x') ? 'i' : '';
  await page
    .getByTestId('session-wallets')
    .getByText(new RegExp(`^${address} \\(${type}, verified\\)`, flags))
    .waitFor();
  await page.getByTestId('session-factors').getByText(new RegExp(address, flags)).waitFor();
  return (await page.getByTestId('session-user-id').textContent()) ?? '';
}

describe('crypto wallets (injected wallets)', () => {
  test('a MetaMask-style wallet signs up, then signs in again as the same user', async ({ page }) => {
    // MetaMask announces itself through EIP-6963 and also sets `window.ethereum`: the widget lists it once.
    const metamask = ethereumWallet('metamask', { windowEthereum: { isMetaMask: true } });
    await installWallets(page, [metamask]);
    await open(page, PAGE);
    const signIn = widget(page);
    await walletButton(signIn, 'MetaMask').waitFor();
    await signIn.getByLabel('Email').waitFor();
    await expect.poll(() => walletButtonNames(signIn)).toEqual(['Continue with MetaMask']);
    await checkA11y(page, 'Main with a wallet button');

    // Each pop-up waits for the test, so each screen can be checked while it is up.
    const connect = metamask.hold('connect');
    const sign = metamask.hold('sign');
    await walletButton(signIn, 'MetaMask').click();
    await signIn.getByRole('heading', { name: CONNECTING }).waitFor();
    await signIn.getByRole('button', { name: 'Back' }).waitFor();
    await connect.reached;
    await checkA11y(page, 'CryptoConnect');
    connect.release();
    await signIn.getByRole('heading', { name: SIGNING }).waitFor();
    await sign.reached;
    await checkA11y(page, 'CryptoSignMessage');
    sign.release();
    await expectWalletConfirmation(signIn);
    await expectSignedInAs(page, metamask.wallet.address);
    await checkA11y(page, 'CryptoConfirmation');
    // The wallet was asked for its account, then to sign once (EIP-191 personal_sign, with its own address).
    const methods = metamask.wallet.requests.map((request) => request.method);
    expect(methods.filter((method) => method === 'personal_sign')).toHaveLength(1);
    expect(methods.indexOf('eth_requestAccounts')).toBeLessThan(methods.indexOf('personal_sign'));
    // What the wallet was asked to sign (and would show the user): a SIWE message naming this page and this account.
    const signed = metamask.wallet.requests.find((request) => request.method === 'personal_sign');
    const [data] = (signed?.params ?? []) as [Hex];
    const message = parseSiweMessage(hexToString(data));
    expect(message).toMatchObject({
      scheme: 'http',
      domain: new URL(PLAYGROUND_URL).host,
      address: metamask.wallet.address,
      uri: PLAYGROUND_URL,
      version: '1',
      chainId: 1,
    });
    expect(message.nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
    expect(message.expirationTime?.getTime()).toBeGreaterThan(Date.now());
    const userId = await sessionUserWith(page, metamask.wallet.address, 'ethereum');
    expect(userId).not.toBe('');

    // Signed out, the same wallet signs into the same user (no second user, no second wallet on it).
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectSignedOut(page);
    await page.goBack();
    await walletButton(signIn, 'MetaMask').click();
    await expectWalletConfirmation(signIn);
    await expectSignedInAs(page, metamask.wallet.address);
    expect(await sessionUserWith(page, metamask.wallet.address, 'ethereum')).toBe(userId);
    expect(await page.getByTestId('session-wallets').getByRole('listitem').count()).toBe(1);
  });

  test('a Phantom-style wallet signs in with the unstyled kit, listed before MetaMask in the spec order', async ({
    page,
  }) => {
    const metamask = ethereumWallet('metamask');
    const phantom = solanaWallet();
    await installWallets(page, [metamask, phantom]);
    await open(page, `/unstyled${PAGE.slice(1)}`);
    const signIn = widget(page);
    await walletButton(signIn, 'Phantom').waitFor();
    await walletButton(signIn, 'MetaMask').waitFor();
    await expect.poll(() => walletButtonNames(signIn)).toEqual(['Continue with Phantom', 'Continue with MetaMask']);
    await checkA11y(page, 'Main with wallet buttons (unstyled kit)');

    await walletButton(signIn, 'Phantom').click();
    await expectWalletConfirmation(signIn);
    await expectSignedInAs(page, phantom.wallet.address);
    // Phantom signed exactly one message, a Sign-In With Solana message naming this page, and MetaMask was never asked.
    expect(phantom.wallet.signed).toHaveLength(1);
    expect(phantom.wallet.signed[0]?.split('\n').slice(0, 4)).toEqual([
      `${new URL(PLAYGROUND_URL).host} wants you to sign in with your Solana account:`,
      phantom.wallet.address,
      '',
      `URI: ${PLAYGROUND_URL}`,
    ]);
    expect(metamask.wallet.requests).toEqual([]);
    await checkA11y(page, 'CryptoConfirmation (unstyled kit)');
    await sessionUserWith(page, phantom.wallet.address, 'solana');
  });

  test('a refused pop-up shows CryptoError; the back arrow returns to Main, and trying again signs in', async ({
    page,
  }) => {
    const metamask = ethereumWallet('metamask');
    const phantom = solanaWallet();
    await installWallets(page, [metamask, phantom]);
    await open(page, PAGE);
    const signIn = widget(page);
    const callbacks = page.getByRole('region', { name: 'Callbacks' });

    // The user closes MetaMask's signature pop-up.
    metamask.wallet.next.sign = 'reject';
    await walletButton(signIn, 'MetaMask').click();
    await signIn.getByRole('heading', { name: ERROR_TITLE }).waitFor();
    // What happened, in a plain sentence, beside the spec's text; and 'Try again'.
    await signIn.getByText('Your wallet did not sign the message, so you are not logged in.').waitFor();
    await signIn.getByText(ERROR_TEXT).waitFor();
    await signIn.getByRole('button', { name: 'Try again' }).waitFor();
    await callbacks.getByText('[Error] Could not sign message').waitFor();
    await expectSignedOut(page);
    await checkA11y(page, 'CryptoError');
    await signIn.getByRole('button', { name: 'Back' }).click();
    await walletButton(signIn, 'MetaMask').waitFor();
    await signIn.getByLabel('Email').waitFor();

    // The user closes Phantom's connect pop-up.
    phantom.wallet.next.connect = 'reject';
    await walletButton(signIn, 'Phantom').click();
    await signIn.getByRole('heading', { name: ERROR_TITLE }).waitFor();
    await callbacks.getByText('[Error] Could not connect to wallet').waitFor();
    await signIn.getByRole('button', { name: 'Back' }).click();
    await walletButton(signIn, 'Phantom').waitFor();

    // The user leaves CryptoConnect by its back arrow while the pop-up is open; its late answer changes nothing.
    const connect = metamask.hold('connect');
    await walletButton(signIn, 'MetaMask').click();
    await signIn.getByRole('heading', { name: CONNECTING }).waitFor();
    await connect.reached;
    await signIn.getByRole('button', { name: 'Back' }).click();
    await walletButton(signIn, 'MetaMask').waitFor();
    const signaturesBefore = metamask.wallet.requests.filter((request) => request.method === 'personal_sign').length;
    connect.release();

    // And the next attempt signs in.
    await walletButton(signIn, 'MetaMask').click();
    await expectWalletConfirmation(signIn);
    await expectSignedInAs(page, metamask.wallet.address);
    // The abandoned attempt never asked for a signature: only the last attempt did.
    expect(metamask.wallet.requests.filter((request) => request.method === 'personal_sign')).toHaveLength(
      signaturesBefore + 1,
    );
  });

  test("a refused signature: 'Try again' asks the same wallet again and signs in; the signing screen has a way back", async ({
    page,
  }) => {
    const metamask = ethereumWallet('metamask');
    await installWallets(page, [metamask]);
    await open(page, PAGE);
    const signIn = widget(page);

    // The user ignores the signature pop-up: 'Completing signature request...' has a back arrow to Main.
    const sign = metamask.hold('sign');
    await walletButton(signIn, 'MetaMask').click();
    await signIn.getByRole('heading', { name: SIGNING }).waitFor();
    await sign.reached;
    await signIn.getByRole('button', { name: 'Back' }).click();
    await walletButton(signIn, 'MetaMask').waitFor();
    sign.release();
    await expectSignedOut(page);

    // The user refuses the signature, then tries again from CryptoError.
    metamask.wallet.next.sign = 'reject';
    await walletButton(signIn, 'MetaMask').click();
    await signIn.getByText('Your wallet did not sign the message, so you are not logged in.').waitFor();
    await signIn.getByRole('button', { name: 'Try again' }).click();
    await expectWalletConfirmation(signIn);
    await expectSignedInAs(page, metamask.wallet.address);
  });

  test('no wallet installed: "Set up a new crypto wallet" lists the four download links', async ({ page }) => {
    await open(page, PAGE);
    const signIn = widget(page);
    await signIn.getByLabel('Email').waitFor();
    const setUp = signIn.getByRole('button', { name: 'Set up a new crypto wallet' });
    await setUp.waitFor();
    await expect.poll(() => walletButtonNames(signIn)).toEqual([]);
    await checkA11y(page, 'Main with no wallet');
    await setUp.click();
    await signIn.getByRole('heading', { name: 'Set up a new crypto wallet' }).waitFor();
    const downloads = {
      MetaMask: /^https:\/\/(www\.)?metamask\.io\//,
      Phantom: /^https:\/\/(www\.)?phantom\.(app|com)\//,
      Coinbase: /^https:\/\/(www\.)?coinbase\.com\//,
      Binance: /^https:\/\/(www\.)?binance\.com\//,
    };
    expect(await signIn.getByRole('link', { name: /^Download / }).allTextContents()).toEqual(
      Object.keys(downloads).map((wallet) => `Download ${wallet}`),
    );
    for (const [wallet, site] of Object.entries(downloads)) {
      const link = signIn.getByRole('link', { name: `Download ${wallet}` });
      expect(await link.getAttribute('href')).toMatch(site);
      // A new tab that cannot reach back into the sign-in page.
      expect(await link.getAttribute('target')).toBe('_blank');
      expect((await link.getAttribute('rel'))?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    }
    await checkA11y(page, 'CryptoSetupWallet');
    await signIn.getByRole('button', { name: 'Back' }).click();
    await setUp.waitFor();
  });

  test('more wallets than fit: "Continue with other Crypto Wallet" lists the rest, which sign in too', async ({
    page,
  }) => {
    const other = solanaWallet({ isPhantom: false });
    await installWallets(page, [
      ethereumWallet('metamask'),
      ethereumWallet('coinbase'),
      ethereumWallet('binance'),
      ethereumWallet('unknown'),
      solanaWallet(),
      other,
    ]);
    await open(page, PAGE);
    const signIn = widget(page);
    const more = signIn.getByRole('button', { name: 'Continue with other Crypto Wallet' });
    await more.waitFor();
    // Spec order, at most five (no social providers here); the sixth waits behind 'other'.
    await expect
      .poll(() => walletButtonNames(signIn))
      .toEqual([
        'Continue with Phantom',
        'Continue with Binance',
        'Continue with Coinbase',
        'Continue with MetaMask',
        'Continue with Other Ethereum Wallet',
        'Continue with other Crypto Wallet',
      ]);
    await checkA11y(page, 'Main with five wallets and "other"');

    await more.click();
    await signIn.getByRole('heading', { name: 'Other crypto wallets' }).waitFor();
    await walletButton(signIn, 'Other Solana Wallet').waitFor();
    await checkA11y(page, 'CryptoOtherScreen');
    await walletButton(signIn, 'Other Solana Wallet').click();
    await expectWalletConfirmation(signIn);
    await expectSignedInAs(page, other.wallet.address);
    expect(other.wallet.signed).toHaveLength(1);
  });
});
