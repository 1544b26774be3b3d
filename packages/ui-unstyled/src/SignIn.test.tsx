import { LatchkeyProvider } from '@latchkey/hooks';
import { expectNoAxeViolations, startTestEnvironment } from '@latchkey/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pageMain, renderSignIn, sentTelemetry } from '../test/renderSignIn';
import { SignIn, SignInWithToaster } from './SignIn';

describe('SignIn', () => {
  it('has no axe violations showing a configuration error', async () => {
    await renderSignIn({ config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } } });
    await expectNoAxeViolations();
  });

  it('shows the EML + email OTP configuration error instead of the form', async () => {
    await renderSignIn({ config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } } });
    expect(screen.getByRole('alert').textContent).toBe('Error: Cannot use both EML and Email OTP');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows the passkeys-alone configuration error instead of the form', async () => {
    await renderSignIn({ config: { products: ['passkeys'] } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Error: Cannot use Passkeys by itself, please add another product to the config.',
    );
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('shows the magic-link form for an empty product list (the default), never a header alone', async () => {
    await renderSignIn({ config: { products: [] } });
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' }).closest('form')?.getAttribute('data-kind')).toBe('magicLink');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a clear configuration error for a misspelt option instead of the forms', async () => {
    await renderSignIn({ config: { emailMagicLinkOptions: { loginRedirectURL: 'https://a.test' } } as never });
    expect(screen.getByRole('alert').textContent).toBe("Error: Unknown configuration option 'emailMagicLinkOptions'.");
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('leaves phone country codes it does not know out of the selector, with a console warning naming them', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderSignIn({ config: { products: ['otp'], otpOptions: { methods: ['sms'], countries: ['GB', 'uk'] } } });
    const country = await screen.findByRole('combobox', { name: 'Country' });
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['United Kingdom (+44)']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Latchkey: countries ["uk"] left out of the phone form'));
  });

  it('lets the strings override a configuration error', async () => {
    await renderSignIn({ config: { products: ['passkeys'] }, strings: { 'config.passkeysAlone': 'Add a product.' } });
    expect(screen.getByRole('alert').textContent).toBe('Add a product.');
  });

  it("logs 'render_login_screen' once, with the options", async () => {
    const config = { products: ['emailMagicLinks' as const], style: { hideHeaderText: true } };
    const env = await startTestEnvironment();
    const { rerender } = render(
      <StrictMode>
        <LatchkeyProvider client={env.client}>
          <SignIn config={config} />
        </LatchkeyProvider>
      </StrictMode>,
      { container: pageMain() },
    );
    rerender(
      <StrictMode>
        <LatchkeyProvider client={env.client}>
          <SignIn config={config} />
        </LatchkeyProvider>
      </StrictMode>,
    );
    const events = (await sentTelemetry(env)).filter((event) => event.event_name === 'render_login_screen');
    expect(events).toHaveLength(1);
    expect(events[0]?.details).toEqual(expect.objectContaining({ options: config }));
  });

  it("shows the 'Powered by' watermark when the project's displayWatermark is on", async () => {
    await renderSignIn({ provider: { project: { disableWatermark: false } } });
    const link = screen.getByRole('link', { name: 'Powered by Latchkey' });
    expect(link.getAttribute('href')).toBe('https://github.com/latchkey/latchkey');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('hides the watermark when the project disables it', async () => {
    await renderSignIn({ provider: { project: { disableWatermark: true } } });
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Powered by/ })).toBeNull();
  });

  it('marks the current screen on the root and keeps two widgets on a page apart', async () => {
    const env = await startTestEnvironment();
    const user = userEvent.setup();
    render(
      <LatchkeyProvider client={env.client}>
        <div data-testid="first">
          <SignIn />
        </div>
        <div data-testid="second">
          <SignIn />
        </div>
      </LatchkeyProvider>,
      { container: pageMain() },
    );
    const first = within(screen.getByTestId('first'));
    const second = within(screen.getByTestId('second'));
    await user.type(first.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(first.getByRole('button', { name: 'Continue' }));
    expect(await first.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(second.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(screen.getByTestId('first').firstElementChild?.getAttribute('data-screen')).toBe('EmailConfirmation');
    expect(screen.getByTestId('second').firstElementChild?.getAttribute('data-screen')).toBe('Main');
  });

  it("asks the SDK for the configured products' code right after the first render, once", async () => {
    const env = await startTestEnvironment();
    const preload = vi.spyOn(env.client, 'preload');
    render(
      <LatchkeyProvider client={env.client}>
        <SignIn config={{ products: ['emailMagicLinks', 'otp', 'passwords'], otpOptions: { methods: ['sms'] } }} />
      </LatchkeyProvider>,
      { container: pageMain() },
    );
    await screen.findByRole('textbox', { name: 'Email' });
    expect(preload.mock.calls).toEqual([[['magicLinks', 'otps', 'passwords', 'users']]]);
    // The real preload ran: the passcode namespace answers at once, its request goes out.
    await env.client.otps.sms.loginOrCreate('+12025550123');
    expect(env.requests.some((request) => request.path === '/otps/sms/login_or_create')).toBe(true);
  });

  it('does not take the focus on its first screen', async () => {
    await renderSignIn();
    expect(document.activeElement).toBe(document.body);
  });

  it('SignInWithToaster is the same widget with the given toaster and no built-in toast region', async () => {
    const env = await startTestEnvironment();
    const toaster = { show: () => 'id', dismiss: () => {} };
    const user = userEvent.setup();
    const { container } = render(
      <LatchkeyProvider client={env.client}>
        <SignInWithToaster toaster={toaster} config={{ products: ['emailMagicLinks'] }} />
      </LatchkeyProvider>,
      { container: pageMain() },
    );
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(container.querySelector('[data-scope="toast"]')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' }, { timeout: 10_000 })).toBeTruthy();
    expect(container.querySelector('[data-scope="toast"]')).toBeNull();
  });
});
