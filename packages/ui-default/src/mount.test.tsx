import { expectNoAxeViolations, startTestEnvironment } from '@latchkey/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mountLogin } from './mount';
import { mountResetPassword } from './products/passwords/mountPoints';
import { mountTotpEnrollment } from './products/totp/mountPoints';

const unmounts: (() => void)[] = [];

afterEach(() => {
  act(() => {
    for (const unmount of unmounts.splice(0)) unmount();
  });
  document.body.replaceChildren();
});

function addElement(id: string): HTMLElement {
  const element = document.createElement('div');
  element.id = id;
  document.body.append(element);
  return element;
}

async function mount(options: Parameters<typeof mountLogin>[0]) {
  await act(async () => {
    unmounts.push(mountLogin(options));
  });
}

const EMAIL_OTP = { products: ['otp' as const], otpOptions: { methods: ['email' as const] } };

describe('mountLogin', () => {
  it('renders the login widget with no axe violations', async () => {
    const env = await startTestEnvironment();
    const element = addElement('login');
    await mount({ elementSelector: '#login', client: env.client });
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(element.querySelector('.lk-Root [data-scope="sign-in"][data-part="root"]')).not.toBeNull();
    await expectNoAxeViolations(element);
  });

  it('signs in by email passcode up to the passcode screen', async () => {
    const env = await startTestEnvironment();
    addElement('login');
    const user = userEvent.setup();
    await mount({ elementSelector: '#login', client: env.client, config: EMAIL_OTP });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(env.requests).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/otps/email/login_or_create', status: 200 }),
    );
  });

  it('throws when the selector matches no element', async () => {
    const env = await startTestEnvironment();
    expect(() => mountLogin({ elementSelector: '#nowhere', client: env.client })).toThrow(
      'The selector "#nowhere" applies to no DOM elements on the page.',
    );
  });

  it('sets the styles option as CSS variables on the .lk-Root', async () => {
    const env = await startTestEnvironment();
    const element = addElement('login');
    await mount({
      elementSelector: '#login',
      client: env.client,
      styles: {
        colors: { primary: '#0057B8' },
        container: { width: 360 },
        buttons: { primary: { textColor: '#FFFFFF' } },
      },
    });
    const root = element.querySelector<HTMLElement>('.lk-Root');
    expect(root?.style.getPropertyValue('--lk-color-primary')).toBe('#0057B8');
    expect(root?.style.getPropertyValue('--lk-container-width')).toBe('360px');
    expect(root?.style.getPropertyValue('--lk-button-primary-text')).toBe('#FFFFFF');
    expect(root?.style.getPropertyValue('--lk-color-error')).toBe('');
  });

  it('re-renders in place when mounted again on the same element', async () => {
    const env = await startTestEnvironment();
    const element = addElement('login');
    const user = userEvent.setup();
    await mount({ elementSelector: '#login', client: env.client, config: EMAIL_OTP });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    const root = element.querySelector('.lk-Root');

    // A new theme re-renders the same widget: what the user typed stays.
    await mount({
      elementSelector: '#login',
      client: env.client,
      config: EMAIL_OTP,
      styles: { colors: { primary: '#111111' } },
    });
    expect(element.querySelector('.lk-Root')).toBe(root);
    expect(root?.getAttribute('style')).toContain('--lk-color-primary: #111111');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.com');
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();

    // A new configuration (here the header hidden) renders a widget with it.
    await mount({
      elementSelector: '#login',
      client: env.client,
      config: EMAIL_OTP,
      styles: { colors: { primary: '#111111' }, hideHeaderText: true },
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Sign up or log in' })).toBeNull());
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(element.querySelectorAll('.lk-Root')).toHaveLength(1);
  });

  it('sets theme and dir on the .lk-Root; a new theme keeps the widget and what was typed', async () => {
    const env = await startTestEnvironment();
    const element = addElement('login');
    const user = userEvent.setup();
    await mount({ elementSelector: '#login', client: env.client, config: EMAIL_OTP, theme: 'dark', dir: 'rtl' });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    const root = element.querySelector('.lk-Root');
    expect(root?.getAttribute('data-theme')).toBe('dark');
    expect(root?.getAttribute('dir')).toBe('rtl');

    await mount({ elementSelector: '#login', client: env.client, config: EMAIL_OTP, theme: 'auto' });
    expect(element.querySelector('.lk-Root')).toBe(root);
    expect(root?.getAttribute('data-theme')).toBe('auto');
    expect(root?.hasAttribute('dir')).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.com');
  });

  it('shows the logo given in styles', async () => {
    const env = await startTestEnvironment();
    addElement('login');
    await mount({
      elementSelector: '#login',
      client: env.client,
      styles: { logo: { logoImageUrl: 'https://example.com/logo.png' } },
    });
    const logo = await screen.findByRole<HTMLImageElement>('img');
    expect(logo.getAttribute('src')).toBe('https://example.com/logo.png');
    expect(logo.dataset.part).toBe('logo');
  });

  it('renders inside a shadow root with the stylesheet when config.enableShadowDOM is set', async () => {
    const env = await startTestEnvironment();
    const element = addElement('login');
    await mount({ elementSelector: '#login', client: env.client, config: { enableShadowDOM: true } });
    const shadowRoot = element.shadowRoot!;
    expect(
      await within(shadowRoot as unknown as HTMLElement).findByRole('heading', { name: 'Sign up or log in' }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign up or log in' })).toBeNull();
    expect(shadowRoot.querySelector('style[data-latchkey-styles]')?.textContent).toContain('.lk-Root');
    await expectNoAxeViolations(element);
  });

  it('unmounts with the function it returns', async () => {
    const env = await startTestEnvironment();
    const element = addElement('login');
    let unmount = () => {};
    await act(async () => {
      unmount = mountLogin({ elementSelector: '#login', client: env.client });
    });
    await screen.findByRole('heading', { name: 'Sign up or log in' });
    act(() => unmount());
    expect(element.childElementCount).toBe(0);
  });
});

describe('mountResetPassword', () => {
  it('opens the reset form for the token', async () => {
    const env = await startTestEnvironment();
    const element = addElement('reset');
    await act(async () => {
      unmounts.push(mountResetPassword({ elementSelector: '#reset', client: env.client, passwordResetToken: 'token' }));
    });
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(element.querySelector('.lk-Root')).not.toBeNull();
  });

  it('throws when the selector matches no element', async () => {
    const env = await startTestEnvironment();
    expect(() =>
      mountResetPassword({ elementSelector: '.missing', client: env.client, passwordResetToken: 'token' }),
    ).toThrow('The selector ".missing" applies to no DOM elements on the page.');
  });
});

describe('mountTotpEnrollment', () => {
  it("opens the signed-in user's enrolment on 'Set up authenticator app', themed, with no axe violations", async () => {
    const env = await startTestEnvironment({ config: { project: { mfa: { required: true } } }, sameSiteCookies: true });
    // A signed-in user with a proved address (an app is refused on an unverified one).
    await env.client.passwords.create({
      email: 'ada@example.com',
      password: 'violet-lantern-Tr0ub4dor&3',
      session_duration_minutes: 30,
    });
    const sent = await env.client.otps.email.send('ada@example.com');
    await env.client.otps.authenticate(await env.lastCode('ada@example.com'), sent.method_id, {
      session_duration_minutes: 30,
    });
    const element = addElement('totp');
    await act(async () => {
      unmounts.push(mountTotpEnrollment({ elementSelector: '#totp', client: env.client, theme: 'dark' }));
    });
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
    const root = element.querySelector('.lk-Root');
    expect(root?.getAttribute('data-theme')).toBe('dark');
    expect(root?.querySelector('[data-scope="totp-enrollment"][data-part="root"]')).not.toBeNull();
    await expectNoAxeViolations(element);
  });

  it('renders inside a shadow root with the stylesheet when config.enableShadowDOM is set', async () => {
    const env = await startTestEnvironment();
    const element = addElement('totp');
    await act(async () => {
      unmounts.push(
        mountTotpEnrollment({ elementSelector: '#totp', client: env.client, config: { enableShadowDOM: true } }),
      );
    });
    const shadowRoot = element.shadowRoot!;
    // Nobody is signed in: the widget's first screen says so.
    expect((await within(shadowRoot as unknown as HTMLElement).findByRole('alert')).textContent).toBe(
      'Error: Cannot use TotpEnrollment component without active user authenticated.',
    );
    expect(shadowRoot.querySelector('style[data-latchkey-styles]')?.textContent).toContain('.lk-Root');
    expect(element.querySelector('.lk-Root')).toBeNull();
  });

  it('throws when the selector matches no element', async () => {
    const env = await startTestEnvironment();
    expect(() => mountTotpEnrollment({ elementSelector: '#nowhere', client: env.client })).toThrow(
      'The selector "#nowhere" applies to no DOM elements on the page.',
    );
  });
});
