// The themed wallet slice: <SignIn> with crypto wallets, in a .lk-Root with the stylesheet's classes, against the real
// provider and the real wallet hooks, with a MetaMask-style test wallet (a real key) announced on the jsdom page.
import { LatchkeyProvider } from '@latchkey/hooks';
import {
  ASYNC_TIMEOUT,
  expectNoAxeViolations,
  installEthereumWallet,
  startTestEnvironment,
  type TestEthereumWallet,
} from '@latchkey/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SignIn } from './SignIn';

const waitLong = { timeout: ASYNC_TIMEOUT };

/** Announces a MetaMask-style wallet (EIP-6963, `io.metamask`) until the test ends. */
function installMetaMask(): TestEthereumWallet {
  return installEthereumWallet('metamask').wallet;
}

async function renderThemedSignIn() {
  const env = await startTestEnvironment();
  const view = render(
    <LatchkeyProvider client={env.client}>
      <SignIn config={{ products: ['crypto', 'emailMagicLinks'] }} />
    </LatchkeyProvider>,
  );
  return { env, view, user: userEvent.setup() };
}

describe('themed <SignIn> with crypto wallets', () => {
  it('shows the wallet buttons in the .lk-Root with no axe violations, and signs in to the themed success screen', async () => {
    const wallet = installMetaMask();
    const { env, view, user } = await renderThemedSignIn();

    const button = await screen.findByRole('button', { name: 'Continue with MetaMask' }, waitLong);
    expect(view.container.querySelector('.lk-Root [data-scope="crypto-wallets"]')?.contains(button)).toBe(true);
    expect(screen.getByText('or')).toBeTruthy();
    await expectNoAxeViolations(view.container);
    await user.click(button);

    expect(await screen.findByRole('heading', { name: 'Success!' }, waitLong)).toBeTruthy();
    expect(screen.getByText('You have successfully connected your wallet.')).toBeTruthy();
    await waitFor(
      () =>
        expect(
          env.client.session.getSync()?.authentication_factors[0]?.crypto_wallet_factor?.crypto_wallet_address,
        ).toMatch(new RegExp(`^${wallet.address}$`, 'i')),
      waitLong,
    );
    await expectNoAxeViolations(view.container);
  });

  it("leads from 'Set up a new crypto wallet' to the four download links, themed, with no axe violations", async () => {
    const { view, user } = await renderThemedSignIn();

    await user.click(await screen.findByRole('button', { name: 'Set up a new crypto wallet' }, waitLong));

    expect(await screen.findByRole('heading', { name: 'Set up a new crypto wallet' }, waitLong)).toBeTruthy();
    const root = view.container.querySelector<HTMLElement>('.lk-Root [data-scope="crypto-setup-wallet"]');
    expect(
      root &&
        within(root)
          .getAllByRole('link')
          .map((link) => link.textContent),
    ).toEqual(['Download MetaMask', 'Download Phantom', 'Download Coinbase', 'Download Binance']);
    await expectNoAxeViolations(view.container);
  });
});
