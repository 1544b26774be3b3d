import { ASYNC_TIMEOUT, expectNoAxeViolations, startTestEnvironment } from '@latchkey/testing';
import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defineLatchkeyElements, type LatchkeyLoginElement } from './customElements';
import type { LatchkeyResetPasswordElement } from './products/passwords/mountPoints';
import type { LatchkeyTotpEnrollmentElement } from './products/totp/mountPoints';

afterEach(async () => {
  // Removing the elements unmounts their widgets (in a microtask).
  await act(async () => {
    document.body.replaceChildren();
    await Promise.resolve();
  });
});

/** Adds `element` to the page and lets its first render happen. */
async function attach<Element extends HTMLElement>(element: Element): Promise<Element> {
  await act(async () => {
    document.body.append(element);
    await Promise.resolve();
  });
  return element;
}

function shadowOf(element: HTMLElement) {
  const shadowRoot = element.shadowRoot;
  if (!shadowRoot) throw new Error('no shadow root');
  return within(shadowRoot as unknown as HTMLElement);
}

describe('<latchkey-login>', () => {
  it('renders inside a shadow root, with the stylesheet, when config.enableShadowDOM is set', async () => {
    const env = await startTestEnvironment();
    defineLatchkeyElements(env.client);
    const element = document.createElement('latchkey-login') as LatchkeyLoginElement;
    element.config = { enableShadowDOM: true };
    await attach(element);

    const shadow = shadowOf(element);
    expect(await shadow.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    await expectNoAxeViolations(element);
    // Nothing in the light DOM; the kit's stylesheet inside the shadow root.
    expect(element.childElementCount).toBe(0);
    const shadowRoot = element.shadowRoot!;
    const adopted = [...(shadowRoot.adoptedStyleSheets ?? [])].flatMap((sheet) =>
      [...sheet.cssRules].map((rule) => rule.cssText),
    );
    const styleText = shadowRoot.querySelector('style[data-latchkey-styles]')?.textContent ?? adopted.join('\n');
    expect(styleText).toContain('--lk-container-width: 400px');
    expect(shadowRoot.querySelector('.lk-Root')?.getAttribute('part')).toBe('root');
  });

  it('signs in by email passcode inside the shadow root', async () => {
    const env = await startTestEnvironment();
    defineLatchkeyElements(env.client);
    const user = userEvent.setup();
    const element = document.createElement('latchkey-login') as LatchkeyLoginElement;
    element.config = { enableShadowDOM: true, products: ['otp'], otpOptions: { methods: ['email'] } };
    await attach(element);
    const shadow = shadowOf(element);
    await user.type(await shadow.findByLabelText('Email'), 'ada@example.com');
    await user.click(shadow.getByRole('button', { name: 'Continue' }));
    expect(await shadow.findByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(env.requests.map((request) => request.path)).toContain('/otps/email/login_or_create');
  });

  it('renders in the light DOM from a JSON config attribute, and takes styles as a property', async () => {
    const env = await startTestEnvironment();
    defineLatchkeyElements(env.client);
    const holder = document.createElement('div');
    // As a plain HTML page writes it: the configuration as a JSON attribute, set before the element connects.
    const element = document.createElement('latchkey-login') as LatchkeyLoginElement;
    element.setAttribute('config', '{"products":["otp"],"otpOptions":{"methods":["email"]}}');
    holder.append(element);
    element.styles = { colors: { primary: '#0057B8' }, hideHeaderText: true };
    await attach(holder);

    const widget = within(element);
    expect(await widget.findByLabelText('Email')).toBeTruthy();
    expect(element.shadowRoot).toBeNull();
    expect(widget.queryByRole('heading', { name: 'Sign up or log in' })).toBeNull();
    const root = element.querySelector<HTMLElement>('.lk-Root');
    expect(root?.style.getPropertyValue('--lk-color-primary')).toBe('#0057B8');

    // A later property change re-renders in place.
    await act(async () => {
      element.styles = { colors: { primary: '#222222' }, hideHeaderText: true };
      await Promise.resolve();
    });
    await waitFor(() => expect(root?.style.getPropertyValue('--lk-color-primary')).toBe('#222222'));
    expect(element.querySelector('.lk-Root')).toBe(root);
  });

  it('takes the theme attribute (and property); an unknown value is light', async () => {
    const env = await startTestEnvironment();
    defineLatchkeyElements(env.client);
    const element = document.createElement('latchkey-login') as LatchkeyLoginElement;
    element.setAttribute('theme', 'dark');
    await attach(element);
    await within(element).findByRole('heading', { name: 'Sign up or log in' });
    const root = element.querySelector('.lk-Root');
    expect(element.theme).toBe('dark');
    expect(root?.getAttribute('data-theme')).toBe('dark');

    await act(async () => {
      element.setAttribute('theme', 'auto');
      await Promise.resolve();
    });
    await waitFor(() => expect(root?.getAttribute('data-theme')).toBe('auto'));
    await act(async () => {
      element.setAttribute('theme', 'sepia');
      await Promise.resolve();
    });
    await waitFor(() => expect(root?.getAttribute('data-theme')).toBe('light'));
    expect(element.theme).toBeUndefined();
    await act(async () => {
      element.theme = 'dark';
      await Promise.resolve();
    });
    await waitFor(() => expect(root?.getAttribute('data-theme')).toBe('dark'));
    expect(element.querySelector('.lk-Root')).toBe(root);
  });

  it('takes the theme attribute inside a shadow root, and leaves the direction to the host', async () => {
    const env = await startTestEnvironment();
    defineLatchkeyElements(env.client);
    const element = document.createElement('latchkey-login') as LatchkeyLoginElement;
    element.setAttribute('dir', 'rtl');
    element.setAttribute('theme', 'dark');
    element.config = { enableShadowDOM: true };
    await attach(element);
    await shadowOf(element).findByRole('heading', { name: 'Sign up or log in' });
    const root = element.shadowRoot?.querySelector<HTMLElement>('.lk-Root');
    expect(root?.getAttribute('data-theme')).toBe('dark');
    // No dir of its own: browsers carry the host's direction into the shadow root, which is what `:dir(rtl)` in the
    // stylesheet reads (jsdom does not, so only the attribute is checked here).
    expect(root?.hasAttribute('dir')).toBe(false);
  });

  it('unmounts when removed from the page', async () => {
    const env = await startTestEnvironment();
    defineLatchkeyElements(env.client);
    const element = await attach(document.createElement('latchkey-login') as LatchkeyLoginElement);
    await within(element).findByRole('heading', { name: 'Sign up or log in' });
    await act(async () => {
      element.remove();
      await Promise.resolve();
    });
    expect(element.childElementCount).toBe(0);
  });
});

describe('<latchkey-reset-password>', () => {
  it('opens the reset form for the password-reset-token attribute', async () => {
    const env = await startTestEnvironment();
    defineLatchkeyElements(env.client);
    const element = document.createElement('latchkey-reset-password') as LatchkeyResetPasswordElement;
    element.setAttribute('password-reset-token', 'token');
    await attach(element);
    expect(await within(element).findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(element.passwordResetToken).toBe('token');
  });
});

describe('<latchkey-totp-enrollment>', () => {
  const EMAIL = 'ada@example.com';

  /** A provider with a signed-in user whose address is proved (an app is refused on an unverified one). */
  async function signedInEnvironment() {
    const env = await startTestEnvironment({ config: { project: { mfa: { required: true } } }, sameSiteCookies: true });
    await env.client.passwords.create({
      email: EMAIL,
      password: 'violet-lantern-Tr0ub4dor&3',
      session_duration_minutes: 30,
    });
    const sent = await env.client.otps.email.send(EMAIL);
    await env.client.otps.authenticate(await env.lastCode(EMAIL), sent.method_id, { session_duration_minutes: 30 });
    return env;
  }

  it("opens on 'Set up authenticator app' for the signed-in user, themed by the theme attribute", async () => {
    const env = await signedInEnvironment();
    defineLatchkeyElements(env.client);
    const element = document.createElement('latchkey-totp-enrollment') as LatchkeyTotpEnrollmentElement;
    element.setAttribute('theme', 'dark');
    await attach(element);
    const widget = within(element);
    expect(
      await widget.findByRole('button', { name: 'Set up authenticator app' }, { timeout: ASYNC_TIMEOUT }),
    ).toBeTruthy();
    expect(element.theme).toBe('dark');
    expect(element.querySelector('.lk-Root')?.getAttribute('data-theme')).toBe('dark');
    expect(element.querySelector('[data-scope="totp-enrollment"][data-part="root"]')).not.toBeNull();
    await expectNoAxeViolations(element);
  });

  it('renders inside a shadow root, with the stylesheet, from a JSON config attribute', async () => {
    const env = await signedInEnvironment();
    defineLatchkeyElements(env.client);
    const element = document.createElement('latchkey-totp-enrollment') as LatchkeyTotpEnrollmentElement;
    element.setAttribute('config', '{"enableShadowDOM":true}');
    await attach(element);
    const shadow = shadowOf(element);
    expect(
      await shadow.findByRole('button', { name: 'Set up authenticator app' }, { timeout: ASYNC_TIMEOUT }),
    ).toBeTruthy();
    expect(element.childElementCount).toBe(0);
    expect(element.shadowRoot?.querySelector('style[data-latchkey-styles]')?.textContent).toContain('.lk-Root');
  });
});
