import { LatchkeyProvider } from '@latchkey/hooks';
import { expectNoAxeViolations, startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ResetPassword } from './products/passwords/ResetPassword';
import { SignIn, type SignInProps } from './SignIn';
import { stylesText } from './stylesText';

const EMAIL = 'ada@example.com';
const PASSWORD = 'violet-lantern-Tr0ub4dor&3';

async function renderSignIn(props: SignInProps = {}, setup?: Parameters<typeof startTestEnvironment>[0]) {
  const env = await startTestEnvironment(setup);
  const view = render(
    <LatchkeyProvider client={env.client}>
      <SignIn {...props} />
    </LatchkeyProvider>,
  );
  return { env, view, user: userEvent.setup() };
}

/** A user with a password, signed out again. */
async function createPasswordUser(env: TestEnvironment) {
  await env.client.passwords.create({ email: EMAIL, password: PASSWORD, session_duration_minutes: 30 });
  await env.client.session.revoke();
  env.requests.length = 0;
}

describe('SignIn (themed)', () => {
  it('renders the widget in a .lk-Root with no axe violations', async () => {
    const { view } = await renderSignIn();
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    const root = view.container.querySelector('.lk-Root');
    expect(root?.querySelector('[data-scope="sign-in"][data-part="root"]')).not.toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('carries the styles as CSS variables and hideHeaderText / logo into the widget', async () => {
    const { view } = await renderSignIn({
      styles: {
        colors: { error: '#A00000' },
        inputs: { borderRadius: 0 },
        hideHeaderText: true,
        logo: { logoImageUrl: 'https://example.com/logo.png' },
      },
    });
    expect((await screen.findByRole<HTMLImageElement>('img')).src).toBe('https://example.com/logo.png');
    expect(screen.queryByRole('heading', { name: 'Sign up or log in' })).toBeNull();
    const root = view.container.querySelector<HTMLElement>('.lk-Root');
    expect(root?.style.getPropertyValue('--lk-color-error')).toBe('#A00000');
    expect(root?.style.getPropertyValue('--lk-input-radius')).toBe('0px');
  });

  it("toasts 'Email resent' through sonner, downloaded only for that toast", async () => {
    const { env, view, user } = await renderSignIn({ config: { products: ['passwords'] } });
    await createPasswordUser(env);
    await user.type(await screen.findByLabelText('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeTruthy();
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    const toast = (await screen.findByText('Email resent')).closest('[data-sonner-toast]');
    expect(toast?.getAttribute('data-type')).toBe('success');
    // The toaster lives inside the widget's root, so it takes the theme's font.
    expect(view.container.querySelector('.lk-Root [data-sonner-toaster]')).not.toBeNull();
    expect(env.requests.filter((request) => request.path === '/passwords/email/reset/start')).toHaveLength(2);
  });
});

describe('the theme and dir options', () => {
  /** The `.lk-Root` of a `<SignIn {...props}>`, once its Main screen shows. */
  async function themedRoot(props: SignInProps): Promise<HTMLElement> {
    const { view } = await renderSignIn(props);
    await screen.findByRole('heading', { name: 'Sign up or log in' });
    const root = view.container.querySelector<HTMLElement>('.lk-Root');
    if (!root) throw new Error('no .lk-Root');
    return root;
  }

  it('is light by default: data-theme="light" on the root, no dir of its own', async () => {
    const root = await themedRoot({});
    expect(root.getAttribute('data-theme')).toBe('light');
    expect(root.hasAttribute('dir')).toBe(false);
  });

  it("sets data-theme='dark' or 'auto' and dir='rtl' on the root, with no axe violations", async () => {
    const dark = await themedRoot({ theme: 'dark', dir: 'rtl' });
    expect(dark.getAttribute('data-theme')).toBe('dark');
    expect(dark.getAttribute('dir')).toBe('rtl');
    // `dir` is the card's, not the unstyled root's inside it.
    expect(dark.querySelector('[data-scope="sign-in"][data-part="root"]')?.hasAttribute('dir')).toBe(false);
    await expectNoAxeViolations(dark);
    document.body.replaceChildren();
    expect((await themedRoot({ theme: 'auto' })).getAttribute('data-theme')).toBe('auto');
  });

  it('lets the styles colours win over the dark defaults (inline on the root, over the stylesheet)', async () => {
    const style = document.createElement('style');
    style.textContent = stylesText;
    document.head.append(style);
    try {
      const root = await themedRoot({ theme: 'dark', styles: { colors: { primary: '#4C1D95' } } });
      expect(root.style.getPropertyValue('--lk-color-primary')).toBe('#4C1D95');
      const computed = getComputedStyle(root);
      expect(computed.getPropertyValue('--lk-color-primary').trim()).toBe('#4C1D95');
      // The rest of the dark palette still applies.
      expect(computed.getPropertyValue('--lk-color-background').trim()).toBe('#111c22');
    } finally {
      style.remove();
    }
  });
});

describe('ResetPassword (themed)', () => {
  it('opens the reset form for the token in a .lk-Root', async () => {
    const env = await startTestEnvironment();
    const view = render(
      <LatchkeyProvider client={env.client}>
        <ResetPassword passwordResetToken="token" styles={{ colors: { primary: '#0057B8' } }} />
      </LatchkeyProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    const root = view.container.querySelector<HTMLElement>('.lk-Root');
    expect(root?.style.getPropertyValue('--lk-color-primary')).toBe('#0057B8');
    expect(within(root!).getByLabelText('New password')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });
});
