import type { LatchkeyFlowError, SignInConfig } from '@latchkey/hooks';
import { ASYNC_TIMEOUT, expectNoAxeViolations, type SentRequest, startTestEnvironment } from '@latchkey/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageMain, renderSignIn } from '../../../test/renderSignIn';
import type { UseEmailFormReturn } from './EmailForm';
import { EmailForm } from './EmailForm';
import BasicExample from './examples/basic';
import CustomLayoutExample from './examples/custom-layout';
import ErrorExample from './examples/error';
import LoadingExample from './examples/loading';
import { MainScreen } from './MainScreen';
import type { UseMainScreenReturn } from './useMainScreen';

const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const sends = (requests: SentRequest[]) => requests.filter((request) => request.path.endsWith('/login_or_create'));

describe('MainScreen', () => {
  it('has no axe violations, with and without method tabs', async () => {
    await renderSignIn({
      config: { products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms', 'whatsapp'] } },
    });
    await screen.findByRole('combobox', { name: 'Country' });
    await expectNoAxeViolations();
  });

  it('has no axe violations with a single email form showing an error', async () => {
    const { user } = await renderSignIn();
    await user.click(continueButton());
    await screen.findByRole('alert');
    await expectNoAxeViolations();
  });

  it("shows 'Sign up or log in' and one email form, without a tab bar, for magic links only", async () => {
    await renderSignIn();
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(emailField().getAttribute('placeholder')).toBe('example@email.com');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('shows Text / WhatsApp / Email tabs in configured order, the first preselected, each with its own form', async () => {
    const { user } = await renderSignIn({
      config: { products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms', 'whatsapp'] } },
    });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Text', 'WhatsApp', 'Email']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('combobox', { name: 'Country' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Email' }));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Phone number' })).toBeNull();
  });

  it('opens on Email when magic links are configured before SMS passcodes (tabs follow the configured order)', async () => {
    const { user } = await renderSignIn({
      config: { products: ['emailMagicLinks', 'otp', 'passwords'], otpOptions: { methods: ['sms'] } },
    });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Email', 'Text']);
    expect(screen.getByRole('tab', { name: 'Email' }).getAttribute('aria-selected')).toBe('true');
    // The Email tab holds the password form (passwords draw the Email tab before magic links).
    const form = await screen.findByRole('textbox', { name: 'Email' });
    expect(form.closest('form')?.getAttribute('data-kind')).toBe('password');
    expect(screen.queryByRole('textbox', { name: 'Phone number' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Text' }));
    expect(await screen.findByRole('textbox', { name: 'Phone number' })).toBeTruthy();
  });

  it('selects US by default and lists countries with region name and dial code', async () => {
    await renderSignIn({ config: { products: ['otp'], otpOptions: { methods: ['sms'] } } });
    const country = (await screen.findByRole('combobox', { name: 'Country' })) as HTMLSelectElement;
    expect(country.value).toBe('US');
    expect(within(country).getByRole('option', { name: 'United Kingdom (+44)' })).toBeTruthy();
    expect(within(country).getByRole('option', { name: 'United States (+1)' })).toBeTruthy();
  });

  it('sends a magic link with the configured options and moves to EmailConfirmation', async () => {
    const onEvent = vi.fn();
    const { env, user } = await renderSignIn({
      config: { emailMagicLinksOptions: { loginRedirectURL: 'http://localhost:5173/authenticate' } },
      callbacks: { onEvent },
    });
    await user.type(emailField(), 'ada@example.com');
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(sends(env.requests)).toEqual([
      {
        method: 'POST',
        path: '/magic_links/email/login_or_create',
        body: {
          email: 'ada@example.com',
          login_magic_link_url: 'http://localhost:5173/authenticate',
          login_expiration_minutes: 30,
          signup_expiration_minutes: 30,
          // The link is bound to this browser (the provider's default): the SDK's PKCE challenge.
          code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        },
        status: 200,
      },
    ]);
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'MAGIC_LINK_LOGIN_OR_CREATE' }));
  });

  it("refuses a malformed email on the magic-link form with 'Email format is invalid.' and sends nothing", async () => {
    const onError = vi.fn<(error: LatchkeyFlowError) => void>();
    const { env, user } = await renderSignIn({ callbacks: { onError } });
    await user.type(emailField(), 'ada@example');
    await user.click(continueButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Email format is invalid.');
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(emailField().getAttribute('aria-describedby')).toBe(alert.id);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'invalid_email' }));
    await env.settled();
    expect(sends(env.requests)).toEqual([]);
  });

  it("refuses a malformed email on the passcode form with 'Invalid email address.' and sends nothing", async () => {
    const { env, user } = await renderSignIn({ config: { products: ['otp'], otpOptions: { methods: ['email'] } } });
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'not an email');
    await user.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email address.');
    await env.settled();
    expect(sends(env.requests)).toEqual([]);
  });

  it("gives the country selector a visible label 'Country', like the phone field's", async () => {
    await renderSignIn({ config: { products: ['otp'], otpOptions: { methods: ['sms'] } } });
    const select = await screen.findByRole('combobox', { name: 'Country' });
    const label = screen.getByText('Country', { selector: 'label' });
    expect(label.getAttribute('for')).toBe(select.id);
    expect(label.getAttribute('data-part')).toBe('country-label');
    expect(select.hasAttribute('aria-label')).toBe(false);
    expect(screen.getByText('Phone number', { selector: 'label' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('refuses an impossible phone number with the E.164 message and sends nothing', async () => {
    const { env, user } = await renderSignIn({ config: { products: ['otp'], otpOptions: { methods: ['sms'] } } });
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '12');
    await user.click(continueButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Phone number format is invalid. Ensure the phone number is in the E.164 format.');
    expect(screen.getByRole('textbox', { name: 'Phone number' }).getAttribute('aria-describedby')).toBe(alert.id);
    await env.settled();
    expect(sends(env.requests)).toEqual([]);
  });

  it("shows the provider's refusal of a country it does not text (phone.allowedCountries) under the phone field", async () => {
    const { env, user } = await renderSignIn({
      config: { products: ['otp'], otpOptions: { methods: ['sms'] } },
      provider: { phone: { allowedCountries: ['US'] } },
    });
    // With the United States selected, 876 is Jamaica's area code inside +1: a number the provider places in JM.
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '8765550123');
    await user.click(continueButton());
    const alert = await screen.findByRole('alert', {}, { timeout: ASYNC_TIMEOUT });
    await waitFor(
      () => expect(alert.textContent).toBe("The phone number's country code is invalid, unsupported, or disabled."),
      { timeout: ASYNC_TIMEOUT },
    );
    expect(screen.getByRole('textbox', { name: 'Phone number' }).getAttribute('aria-describedby')).toBe(alert.id);
    await env.settled();
    expect(sends(env.requests).map((request) => [request.body, request.status])).toEqual([
      [expect.objectContaining({ phone_number: '+18765550123' }), 400],
    ]);
    expect(await env.inbox('+18765550123')).toEqual([]);
  });

  it('offers only the countries of otpOptions.countries (paired with phone.allowedCountries) and sends from them', async () => {
    const { env, user } = await renderSignIn({
      config: { products: ['otp'], otpOptions: { methods: ['sms'], countries: ['GB', 'IE'] } },
      provider: { phone: { allowedCountries: ['GB', 'IE'] } },
    });
    const country = (await screen.findByRole('combobox', { name: 'Country' })) as HTMLSelectElement;
    // Sorted by name, as the full list is; GB preselected (US is not listed, GB is the list's first code).
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ireland (+353)', 'United Kingdom (+44)']);
    expect(country.value).toBe('GB');
    await expectNoAxeViolations();
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '7400123456');
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Enter passcode' }, { timeout: ASYNC_TIMEOUT })).toBeTruthy();
    await env.settled();
    expect(sends(env.requests).map((request) => [request.path, request.body, request.status])).toEqual([
      ['/otps/sms/login_or_create', expect.objectContaining({ phone_number: '+447400123456' }), 200],
    ]);
  });

  it('clears the error once the user edits the email', async () => {
    const { user } = await renderSignIn();
    await user.click(continueButton());
    await screen.findByRole('alert');
    await user.type(emailField(), 'a');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(emailField().getAttribute('aria-invalid')).toBeNull();
  });

  it('can be used with the keyboard only: Tab to the field, type, Enter submits', async () => {
    const { user } = await renderSignIn();
    await user.tab();
    expect(document.activeElement).toBe(emailField());
    await user.keyboard('ada@example.com{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('moves through the tabs with the arrow keys', async () => {
    const { user } = await renderSignIn({
      config: { products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms', 'whatsapp'] } },
    });
    await screen.findByRole('combobox', { name: 'Country' });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Text' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Email' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeTruthy();
  });

  it('tabs follow the WAI-ARIA pattern: one tab in the Tab order, arrows wrap, Home and End, panels labelled', async () => {
    const { user } = await renderSignIn({
      config: { products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms', 'whatsapp'] } },
    });
    await screen.findByRole('combobox', { name: 'Country' });
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(['Text', 'WhatsApp', 'Email'].map((name) => tab(name).tabIndex)).toEqual([0, -1, -1]);
    expect(tab('Text').getAttribute('data-state')).toBe('active');
    // The selected tab's panel is named by its tab and holds its form; the others are hidden and empty.
    const panel = screen.getByRole('tabpanel', { name: 'Text' });
    expect(tab('Text').getAttribute('aria-controls')).toBe(panel.id);
    expect(within(panel).getByRole('combobox', { name: 'Country' })).toBeTruthy();
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);

    await user.tab();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Email'));
    expect(tab('Email').getAttribute('aria-selected')).toBe('true');
    expect(tab('Email').tabIndex).toBe(0);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('Text'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Email'));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Text'));
    // Tab leaves the tab list for the selected panel's first field.
    await user.tab();
    expect(document.activeElement).toBe(await screen.findByRole('combobox', { name: 'Country' }));
  });

  it('hides the header when style.hideHeaderText is set', async () => {
    await renderSignIn({ config: { style: { hideHeaderText: true } } });
    expect(emailField()).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it("shows the logo with the project's name as its text alternative", async () => {
    const { env } = await renderSignIn({ config: { style: { logoImageUrl: 'https://example.com/logo.png' } } });
    const logo = screen.getByRole('img');
    expect(logo.getAttribute('src')).toBe('https://example.com/logo.png');
    expect(logo.getAttribute('alt')).toBe(env.client.bootstrap.getSync().projectName ?? 'Logo');
    expect(logo.getAttribute('alt')).not.toBe('');
  });

  it("shows no social block and no 'or' divider for social sign-in with no provider configured", async () => {
    const { container } = await renderSignIn({ config: { products: ['oauth', 'emailMagicLinks'] } });
    expect(await screen.findByRole('textbox', { name: 'Email' }, { timeout: ASYNC_TIMEOUT })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
    expect(container.querySelector('[data-scope="social-sign-in"]')).toBeNull();
  });

  it("draws the 'or' divider only above a rendered social or crypto block", () => {
    const main = (hasDivider: boolean): UseMainScreenReturn => ({
      isHeaderHidden: false,
      logoImageUrl: null,
      logoAlt: 'Logo',
      methods: ['email'],
      selectedMethod: 'email',
      selectMethod: () => {},
      hasTabs: false,
      hasDivider,
      emailFormKind: 'magicLink',
    });
    const { rerender } = render(
      <MainScreen.Provider value={main(false)}>
        <MainScreen.Divider />
      </MainScreen.Provider>,
      { container: pageMain() },
    );
    expect(screen.queryByText('or')).toBeNull();
    rerender(
      <MainScreen.Provider value={main(true)}>
        <MainScreen.Divider />
      </MainScreen.Provider>,
    );
    expect(screen.getByText('or').getAttribute('data-part')).toBe('divider');
  });

  it('uses the strings overrides, as text', async () => {
    const { user } = await renderSignIn({
      strings: {
        'main.title': 'Welcome <b>back</b>',
        'emailForm.submit': 'Send link',
        'emailForm.invalidEmail': 'Nope.',
      },
    });
    expect(screen.getByRole('heading', { name: 'Welcome <b>back</b>' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nope.');
  });

  it("shows the server's message when the error type has no catalogue text", async () => {
    const { env, user } = await renderSignIn({
      config: { products: ['otp'], otpOptions: { methods: ['sms'] } },
      provider: { project: { products: ['email_otp', 'email_magic_links'] } },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '+1 415 555 0123');
    await user.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('This sign-in method is not enabled for this project.');
    expect(sends(env.requests)[0]?.status).toBe(403);
  });
});

describe('MainScreen: focus after a failed submit by the button', () => {
  it('moves the focus to the field in error after a click on Continue refused the email', async () => {
    const { user } = await renderSignIn();
    await user.type(emailField(), 'not-an-email');
    await user.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Email format is invalid.');
    await waitFor(() => expect(document.activeElement).toBe(emailField()), { timeout: 10_000 });
  });

  it('moves the focus to the field in error, not the page body, when the request failed (Enter on the button)', async () => {
    const { env, user } = await renderSignIn({ provider: { project: { products: ['email_otp'] } } });
    await user.type(emailField(), 'ada@example.com');
    continueButton().focus();
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('This sign-in method is not enabled for this project.');
    expect(sends(env.requests)[0]?.status).toBe(403);
    await waitFor(() => expect(document.activeElement).toBe(emailField()), { timeout: 10_000 });
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
  });

  it.each<[string, SignInConfig, string, string]>([
    [
      'the email passcode form',
      { products: ['otp'], otpOptions: { methods: ['email'] } },
      'Invalid email address.',
      '/otps/email/login_or_create',
    ],
    ['the password user search', { products: ['passwords'] }, 'Email format is invalid.', '/users/search'],
  ])(
    'moves the focus to the email field when the request of %s was lost (a click on Continue)',
    async (_, config, invalidText, path) => {
      const env = await startTestEnvironment();
      // The network drops the form's request.
      const answer = env.provider.fetch;
      env.provider.fetch = (request, bindings) =>
        new URL(request.url).pathname.endsWith(path)
          ? Promise.reject(new TypeError('Failed to fetch'))
          : answer(request, bindings);
      const { user } = await renderSignIn({ config, env });
      // A typo first: the product's own text shows its flow has bound to the field.
      await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@');
      await user.click(continueButton());
      expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(invalidText);

      await user.type(emailField(), 'example.com');
      await user.click(continueButton());
      await waitFor(() => expect(screen.getByRole('alert').textContent).not.toBe(invalidText), { timeout: 10_000 });
      expect(env.requests.filter((request) => request.path === path)).toHaveLength(1);
      expect(emailField().getAttribute('aria-invalid')).toBe('true');
      await waitFor(() => expect(document.activeElement).toBe(emailField()), { timeout: 10_000 });
    },
  );

  it('moves the focus to the phone field in error after a click on Continue', async () => {
    const { user } = await renderSignIn({ config: { products: ['otp'], otpOptions: { methods: ['sms'] } } });
    const phone = await screen.findByRole('textbox', { name: 'Phone number' });
    await user.type(phone, '12');
    await user.click(continueButton());
    await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(phone), { timeout: 10_000 });
  });
});

describe('MainScreen parts', () => {
  const main: UseMainScreenReturn = {
    isHeaderHidden: false,
    logoImageUrl: null,
    logoAlt: 'Logo',
    methods: ['email'],
    selectedMethod: 'email',
    selectMethod: () => {},
    hasTabs: false,
    hasDivider: false,
    emailFormKind: 'magicLink',
  };
  const form = (overrides: Partial<UseEmailFormReturn> = {}): UseEmailFormReturn => ({
    kind: 'magicLink',
    value: 'ada@example.com',
    setValue: () => {},
    error: null,
    isPending: false,
    inputId: 'email',
    errorId: 'email-error',
    submit: vi.fn(async () => {}),
    ...overrides,
  });

  it('a part renders one element with data-scope/data-part, passes props through and supports asChild', () => {
    render(
      <MainScreen.Provider value={main}>
        <MainScreen.Title className="mine" data-testid="title" asChild>
          <h1>Hello</h1>
        </MainScreen.Title>
      </MainScreen.Provider>,
      { container: pageMain() },
    );
    const title = screen.getByTestId('title');
    expect(title.tagName).toBe('H1');
    expect(title.className).toBe('mine');
    expect(title.getAttribute('data-scope')).toBe('main');
    expect(title.getAttribute('data-part')).toBe('title');
  });

  it("the caller's handler runs first and can preventDefault ours away", async () => {
    const value = form();
    render(
      <EmailForm.Provider value={value}>
        <EmailForm.Root onSubmit={(event) => event.preventDefault()}>
          <EmailForm.Submit />
        </EmailForm.Root>
      </EmailForm.Provider>,
      { container: pageMain() },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(value.submit).not.toHaveBeenCalled();
  });

  it('while sending, the submit button is disabled, marked data-pending and shows a spinner', () => {
    render(<EmailForm value={form({ isPending: true })} />, { container: pageMain() });
    const button = screen.getByRole('button', { name: /Continue/ });
    expect(button).toHaveProperty('disabled', true);
    expect(button.hasAttribute('data-pending')).toBe(true);
    expect(within(button).getByRole('status', { name: 'Sending' })).toBeTruthy();
    expect(button.closest('form')?.hasAttribute('data-pending')).toBe(true);
  });

  it('an error marks the field data-invalid and aria-invalid, described by the alert', () => {
    render(<EmailForm value={form({ error: 'Email format is invalid.' })} />, { container: pageMain() });
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.hasAttribute('data-invalid')).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('email-error');
    expect(screen.getByRole('alert').id).toBe('email-error');
  });
});

describe('MainScreen examples', () => {
  it.each([
    ['basic', BasicExample],
    ['error', ErrorExample],
    ['loading', LoadingExample],
    ['custom-layout', CustomLayoutExample],
  ] as const)('the %s example renders without axe violations', async (_, Example) => {
    render(<Example />, { container: pageMain() });
    await expectNoAxeViolations();
  });
});
