// Crypto wallets in <SignIn>: Main's wallet block and the six wallet screens, against the real provider and the real
// wallet hooks, with test wallets (real keys) on the jsdom page.
import type { SignInConfig } from '@latchkey/hooks';
import {
  ASYNC_TIMEOUT,
  expectNoAxeViolations,
  installEthereumWallet,
  installSolanaWallet,
  type TestEnvironment,
} from '@latchkey/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderSignIn } from '../../../../test/renderSignIn';

const waitLong = { timeout: ASYNC_TIMEOUT };
const CONFIG: SignInConfig = { products: ['crypto', 'emailMagicLinks'] };
const CONNECTING = 'Connecting to your wallet...';
const SIGNING = 'Completing signature request...';
const ERROR_TEXT =
  'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!';

/** The 'Continue with …' wallet buttons' names, top to bottom. */
const walletButtonNames = () =>
  screen
    .queryAllByRole('button', { name: /^Continue with / })
    .map((button) => button.textContent)
    .filter((name) => name !== 'Continue with other Crypto Wallet');

/** The widget's current screen (`data-screen` on its root). */
const currentScreen = (container: HTMLElement) =>
  container.querySelector('[data-scope="sign-in"]')?.getAttribute('data-screen');

/** The wallet the session was signed in with (its factor's address), or null without a session. */
const sessionWallet = (env: TestEnvironment) =>
  env.client.session.getSync()?.authentication_factors.find((factor) => factor.crypto_wallet_factor)
    ?.crypto_wallet_factor?.crypto_wallet_address ?? null;

describe('<SignIn> with crypto wallets', () => {
  it('has no axe violations on Main with wallet buttons', async () => {
    installEthereumWallet('metamask');
    await renderSignIn({ config: CONFIG });
    await screen.findByRole('button', { name: 'Continue with MetaMask' }, waitLong);
    await expectNoAxeViolations();
  });

  it("shows the detected wallets' buttons in the spec's order, with their icons, above 'or' and the email form", async () => {
    installEthereumWallet('metamask');
    installEthereumWallet('coinbase');
    installSolanaWallet();
    const { container } = await renderSignIn({ config: CONFIG });

    await waitFor(() => expect(walletButtonNames()).toHaveLength(3), waitLong);
    expect(walletButtonNames()).toEqual(['Continue with Phantom', 'Continue with Coinbase', 'Continue with MetaMask']);
    const metamask = screen.getByRole('button', { name: 'Continue with MetaMask' });
    // Our own icon, hidden from assistive technology; the wallet's announced icon is never rendered.
    expect(metamask.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('img[src^="data:"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with other Crypto Wallet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set up a new crypto wallet' })).toBeNull();
    // The wallets, then the 'or' divider, then the email form.
    const divider = screen.getByText('or');
    const email = await screen.findByRole('textbox', { name: 'Email' }, waitLong);
    expect(metamask.compareDocumentPosition(divider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(divider.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("puts the wallets beyond five behind 'Continue with other Crypto Wallet', whose screen lists them and signs in", async () => {
    installEthereumWallet('metamask');
    installEthereumWallet('coinbase');
    installEthereumWallet('binance');
    installEthereumWallet('other');
    installSolanaWallet();
    const other = installSolanaWallet({ phantom: false });
    const { env, user, container } = await renderSignIn({ config: CONFIG });

    const more = await screen.findByRole('button', { name: 'Continue with other Crypto Wallet' }, waitLong);
    // 5 minus the number of social providers (none yet) on Main, in the spec's order.
    expect(walletButtonNames()).toEqual([
      'Continue with Phantom',
      'Continue with Binance',
      'Continue with Coinbase',
      'Continue with MetaMask',
      'Continue with Other Ethereum Wallet',
    ]);
    await user.click(more);

    const title = await screen.findByRole('heading', { name: 'Other crypto wallets' }, waitLong);
    expect(currentScreen(container)).toBe('CryptoOtherScreen');
    await waitFor(() => expect(document.activeElement).toBe(title), waitLong);
    await waitFor(() => expect(walletButtonNames()).toEqual(['Continue with Other Solana Wallet']), waitLong);
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Continue with Other Solana Wallet' }));

    expect(await screen.findByText('You have successfully connected your wallet.', {}, waitLong)).toBeTruthy();
    expect(sessionWallet(env)).toBe(other.wallet.address);
  });

  it("goes back to Main from CryptoOtherScreen's back arrow", async () => {
    for (const kind of ['metamask', 'coinbase', 'binance', 'other'] as const) installEthereumWallet(kind);
    installSolanaWallet();
    installSolanaWallet({ phantom: false });
    const { user } = await renderSignIn({ config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Continue with other Crypto Wallet' }, waitLong));
    await screen.findByRole('heading', { name: 'Other crypto wallets' }, waitLong);

    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(await screen.findByRole('heading', { name: 'Sign up or log in' }, waitLong)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Continue with Phantom' }, waitLong)).toBeTruthy();
  });

  it("offers 'Set up a new crypto wallet' without a wallet: the four download links, each in a new tab", async () => {
    const { user, container } = await renderSignIn({ config: CONFIG });

    const setUp = await screen.findByRole('button', { name: 'Set up a new crypto wallet' }, waitLong);
    expect(walletButtonNames()).toEqual([]);
    await user.click(setUp);

    expect(await screen.findByRole('heading', { name: 'Set up a new crypto wallet' }, waitLong)).toBeTruthy();
    const setUpScreen = container.querySelector<HTMLElement>('[data-scope="crypto-setup-wallet"][data-part="root"]');
    const links = setUpScreen ? within(setUpScreen).getAllByRole('link') : [];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Download MetaMask', 'https://metamask.io/download/'],
      ['Download Phantom', 'https://phantom.com/download'],
      ['Download Coinbase', 'https://www.coinbase.com/wallet/downloads'],
      ['Download Binance', 'https://www.binance.com/en/web3wallet'],
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Set up a new crypto wallet' }, waitLong)).toBeTruthy();
  });

  it("signs in with a MetaMask-style wallet: 'Connecting to your wallet...', 'Completing signature request...', 'Success!'", async () => {
    const metamask = installEthereumWallet('metamask', { held: true });
    const onEvent = vi.fn();
    const { env, user, container } = await renderSignIn({ config: CONFIG, callbacks: { onEvent } });
    await user.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }, waitLong));

    // The wallet's account pop-up is open.
    const connecting = await screen.findByRole('heading', { name: CONNECTING }, waitLong);
    expect(screen.getByText('Finish connecting in the pop-up from your wallet.')).toBeTruthy();
    const connectScreen = container.querySelector<HTMLElement>('[data-scope="crypto-connect"][data-part="root"]');
    expect(connectScreen && within(connectScreen).getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(connecting), waitLong);
    await expectNoAxeViolations();
    await waitFor(() => expect(metamask.popUps.waiting).toBe(1), waitLong);
    metamask.popUps.answer();

    // The signature pop-up is open.
    expect(await screen.findByRole('heading', { name: SIGNING }, waitLong)).toBeTruthy();
    expect(screen.getByText('Sign the message in the pop-up from your wallet to log in.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    await expectNoAxeViolations();
    await waitFor(() => expect(metamask.popUps.waiting).toBe(1), waitLong);
    metamask.popUps.answer();

    expect(await screen.findByRole('heading', { name: 'Success!' }, waitLong)).toBeTruthy();
    expect(screen.getByText('You have successfully connected your wallet.')).toBeTruthy();
    expect(currentScreen(container)).toBe('CryptoConfirmation');
    await waitFor(
      () => expect(sessionWallet(env)?.toLowerCase()).toBe(metamask.wallet.address.toLowerCase()),
      waitLong,
    );
    await waitFor(
      () => expect(onEvent).toHaveBeenCalledWith({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: {} }),
      waitLong,
    );
    await expectNoAxeViolations();
  });

  it('signs in with a Phantom-style Solana wallet the same way', async () => {
    const phantom = installSolanaWallet({ held: true });
    const { env, user } = await renderSignIn({ config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Continue with Phantom' }, waitLong));

    expect(await screen.findByRole('heading', { name: CONNECTING }, waitLong)).toBeTruthy();
    await waitFor(() => expect(phantom.popUps.waiting).toBe(1), waitLong);
    phantom.popUps.answer();
    expect(await screen.findByRole('heading', { name: SIGNING }, waitLong)).toBeTruthy();
    await waitFor(() => expect(phantom.popUps.waiting).toBe(1), waitLong);
    phantom.popUps.answer();

    expect(await screen.findByText('You have successfully connected your wallet.', {}, waitLong)).toBeTruthy();
    expect(sessionWallet(env)).toBe(phantom.wallet.address);
    expect(phantom.wallet.signed).toHaveLength(1);
  });

  it('shows CryptoError when the signature is refused, and its back arrow returns to Main', async () => {
    const metamask = installEthereumWallet('metamask');
    metamask.wallet.next.sign = 'reject';
    const onError = vi.fn();
    const { env, user, container } = await renderSignIn({ config: CONFIG, callbacks: { onError } });
    await user.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }, waitLong));

    const title = await screen.findByRole('heading', { name: 'Looks like there was an error!' }, waitLong);
    // What happened, in a plain sentence, then the spec's text (announced: it is an alert).
    expect(screen.getByText('Your wallet did not sign the message, so you are not logged in.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(ERROR_TEXT);
    expect(currentScreen(container)).toBe('CryptoError');
    await waitFor(() => expect(document.activeElement).toBe(title), waitLong);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: '[Error] Could not sign message' }));
    expect(env.client.session.getSync()).toBeNull();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(await screen.findByRole('heading', { name: 'Sign up or log in' }, waitLong)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Continue with MetaMask' }, waitLong)).toBeTruthy();
  });

  it("refused signature: 'Try again' asks the same wallet again and signs in", async () => {
    const metamask = installEthereumWallet('metamask');
    metamask.wallet.next.sign = 'reject';
    const { env, user, container } = await renderSignIn({ config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }, waitLong));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' }, waitLong);
    expect(env.client.session.getSync()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('You have successfully connected your wallet.', {}, waitLong)).toBeTruthy();
    expect(currentScreen(container)).toBe('CryptoConfirmation');
    await waitFor(
      () => expect(sessionWallet(env)?.toLowerCase()).toBe(metamask.wallet.address.toLowerCase()),
      waitLong,
    );
    expect(metamask.wallet.requests.filter((request) => request.method === 'personal_sign')).toHaveLength(2);
  });

  it("a refused connection says so on CryptoError ('Your wallet did not connect…')", async () => {
    const phantom = installSolanaWallet();
    phantom.wallet.next.connect = 'reject';
    const { user } = await renderSignIn({ config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Continue with Phantom' }, waitLong));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' }, waitLong);
    expect(screen.getByText('Your wallet did not connect, so you are not logged in.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it("leaves the attempt with CryptoSignMessage's back arrow: a late signature is never sent", async () => {
    const metamask = installEthereumWallet('metamask', { held: true });
    const { env, user } = await renderSignIn({ config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }, waitLong));
    await screen.findByRole('heading', { name: CONNECTING }, waitLong);
    await waitFor(() => expect(metamask.popUps.waiting).toBe(1), waitLong);
    metamask.popUps.answer();
    await screen.findByRole('heading', { name: SIGNING }, waitLong);
    await waitFor(() => expect(metamask.popUps.waiting).toBe(1), waitLong);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' }, waitLong)).toBeTruthy();
    metamask.popUps.answer();
    await env.settled();

    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(env.client.session.getSync()).toBeNull();
  });

  it("leaves the attempt with CryptoConnect's back arrow: a late answer from the wallet signs nobody in", async () => {
    const metamask = installEthereumWallet('metamask', { held: true });
    const { env, user } = await renderSignIn({ config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }, waitLong));
    await screen.findByRole('heading', { name: CONNECTING }, waitLong);
    await waitFor(() => expect(metamask.popUps.waiting).toBe(1), waitLong);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' }, waitLong)).toBeTruthy();
    metamask.popUps.answer();
    await env.settled();

    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(metamask.wallet.requests.map((request) => request.method)).not.toContain('personal_sign');
    expect(env.client.session.getSync()).toBeNull();
  });

  it('works from the keyboard: Tab reaches a wallet button, Enter starts the sign-in', async () => {
    const metamask = installEthereumWallet('metamask');
    const { env, user } = await renderSignIn({ config: CONFIG });
    const button = await screen.findByRole('button', { name: 'Continue with MetaMask' }, waitLong);

    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');

    expect(await screen.findByText('You have successfully connected your wallet.', {}, waitLong)).toBeTruthy();
    expect(sessionWallet(env)?.toLowerCase()).toBe(metamask.wallet.address.toLowerCase());
  });

  it('shows the wallet buttons alone when crypto is the only product (no divider, no form)', async () => {
    installEthereumWallet('metamask');
    const { container } = await renderSignIn({ config: { products: ['crypto'] } });
    await screen.findByRole('button', { name: 'Continue with MetaMask' }, waitLong);
    const main = container.querySelector<HTMLElement>('[data-scope="main"][data-part="root"]');
    expect(main && within(main).queryByText('or')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it("keeps 'Login with a Passkey' first and the wallets after it, whatever the configuration's order", async () => {
    installEthereumWallet('metamask');
    await renderSignIn({ config: { products: ['crypto', 'passkeys', 'otp'], otpOptions: { methods: ['sms'] } } });
    const wallet = await screen.findByRole('button', { name: 'Continue with MetaMask' }, waitLong);
    const passkey = await screen.findByRole('button', { name: 'Login with a Passkey' }, waitLong);
    expect(passkey.compareDocumentPosition(wallet) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
