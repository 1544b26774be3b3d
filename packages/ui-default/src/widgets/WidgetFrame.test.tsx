// The shadow-DOM option of the themed React components (`config.enableShadowDOM`, as for the mount points): the
// widget renders inside an open shadow root of a host it renders, with the kit's stylesheet there.
import { LatchkeyProvider } from '@latchkey/hooks';
import { ASYNC_TIMEOUT, expectNoAxeViolations, startTestEnvironment } from '@latchkey/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { PasskeyRegistration } from '../products/passkeys/PasskeyRegistration';
import { ResetPassword } from '../products/passwords/ResetPassword';
import { TotpEnrollment } from '../products/totp/TotpEnrollment';
import { SignIn } from '../SignIn';
import { stylesText } from '../stylesText';

const waitLong = { timeout: ASYNC_TIMEOUT };
const NO_USER = (widget: string) => `Error: Cannot use ${widget} component without active user authenticated.`;

/** The shadow root of the widget's host (the one `[data-latchkey-shadow-host]` in `container`). */
function shadowOf(container: HTMLElement): ShadowRoot {
  const hosts = container.querySelectorAll('[data-latchkey-shadow-host]');
  expect(hosts).toHaveLength(1);
  const shadowRoot = hosts[0]?.shadowRoot;
  if (!shadowRoot) throw new Error('no shadow root');
  return shadowRoot;
}

/** The text of the stylesheets in `shadowRoot`: `<style>` elements in jsdom, else adopted sheets. */
function stylesIn(shadowRoot: ShadowRoot): string {
  const styles = [...shadowRoot.querySelectorAll('style[data-latchkey-styles]')].map((style) => style.textContent);
  const adopted = [...(shadowRoot.adoptedStyleSheets ?? [])].flatMap((sheet) =>
    [...sheet.cssRules].map((rule) => rule.cssText),
  );
  return [...styles, ...adopted].join('\n');
}

async function renderWidget(widget: ReactNode) {
  const env = await startTestEnvironment();
  const main = document.body.appendChild(document.createElement('main'));
  const view = render(<LatchkeyProvider client={env.client}>{widget}</LatchkeyProvider>, { container: main });
  return { env, ...view };
}

describe('config.enableShadowDOM on the themed React components', () => {
  it('<SignIn> renders inside a shadow root with the stylesheet, nothing of it in the light DOM, no axe violations', async () => {
    const { container } = await renderWidget(
      <SignIn theme="dark" config={{ enableShadowDOM: true, products: ['otp'], otpOptions: { methods: ['email'] } }} />,
    );
    expect(await screen.findByRole('main')).toBeTruthy();
    // The shadow root is attached once its chunk has loaded: wait for the widget inside it.
    const shadowRoot = await waitForShadow(container);
    const shadow = within(shadowRoot as unknown as HTMLElement);
    expect(await shadow.findByRole('heading', { name: 'Sign up or log in' }, waitLong)).toBeTruthy();
    expect(stylesIn(shadowRoot)).toContain(stylesText);
    expect(container.querySelector('.lk-Root')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sign up or log in' })).toBeNull();
    const root = shadowRoot.querySelector('.lk-Root');
    expect(root?.getAttribute('data-theme')).toBe('dark');
    expect(root?.getAttribute('part')).toBe('root');
    await expectNoAxeViolations(container);
  });

  it('<SignIn> signs in by email passcode inside its shadow root', async () => {
    const { env, container } = await renderWidget(
      <SignIn config={{ enableShadowDOM: true, products: ['otp'], otpOptions: { methods: ['email'] } }} />,
    );
    const user = userEvent.setup();
    const shadow = within((await waitForShadow(container)) as unknown as HTMLElement);
    await user.type(await shadow.findByLabelText('Email', {}, waitLong), 'ada@example.com');
    await user.click(shadow.getByRole('button', { name: 'Continue' }));
    expect(await shadow.findByRole('heading', { name: 'Enter passcode' }, waitLong)).toBeTruthy();
    expect(env.requests.map((request) => request.path)).toContain('/otps/email/login_or_create');
  });

  it('is read on the first render only, as for the mount points', async () => {
    const { env, container, rerender } = await renderWidget(<SignIn config={{ enableShadowDOM: true }} />);
    const shadowRoot = await waitForShadow(container);
    await within(shadowRoot as unknown as HTMLElement).findByRole('heading', { name: 'Sign up or log in' }, waitLong);
    rerender(
      <LatchkeyProvider client={env.client}>
        <SignIn config={{ enableShadowDOM: false }} />
      </LatchkeyProvider>,
    );
    expect(shadowOf(container)).toBe(shadowRoot);
    expect(container.querySelector('.lk-Root')).toBeNull();
  });

  it('without it the widget renders in the light DOM, with no shadow host', async () => {
    const { container } = await renderWidget(<SignIn />);
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' }, waitLong)).toBeTruthy();
    expect(container.querySelector('[data-latchkey-shadow-host]')).toBeNull();
    expect(container.querySelector('.lk-Root')).not.toBeNull();
  });

  it('<ResetPassword> opens the reset form inside a shadow root with the stylesheet', async () => {
    const { container } = await renderWidget(
      <ResetPassword passwordResetToken="token" config={{ enableShadowDOM: true }} />,
    );
    const shadowRoot = await waitForShadow(container);
    const shadow = within(shadowRoot as unknown as HTMLElement);
    expect(await shadow.findByRole('heading', { name: 'Reset your password' }, waitLong)).toBeTruthy();
    expect(stylesIn(shadowRoot)).toContain(stylesText);
    expect(container.querySelector('.lk-Root')).toBeNull();
  });

  it('<PasskeyRegistration> and <TotpEnrollment> render their first screen inside a shadow root', async () => {
    const { container } = await renderWidget(
      <>
        <PasskeyRegistration config={{ enableShadowDOM: true }} />
        <TotpEnrollment config={{ enableShadowDOM: true }} />
      </>,
    );
    await screen.findByRole('main');
    const hosts = await waitForHosts(container, 2);
    const [passkeys, totp] = hosts.map((host) => within(host.shadowRoot as unknown as HTMLElement));
    expect((await passkeys?.findByRole('alert', {}, waitLong))?.textContent).toBe(NO_USER('PasskeyRegistration'));
    expect((await totp?.findByRole('alert', {}, waitLong))?.textContent).toBe(NO_USER('TotpEnrollment'));
    for (const host of hosts) expect(stylesIn(host.shadowRoot as ShadowRoot)).toContain(stylesText);
    expect(container.querySelector('.lk-Root')).toBeNull();
  });
});

/** Waits for `count` shadow hosts in `container`, each with its shadow root holding the kit's root. */
function waitForHosts(container: HTMLElement, count: number): Promise<HTMLElement[]> {
  return waitFor(() => {
    const hosts = [...container.querySelectorAll<HTMLElement>('[data-latchkey-shadow-host]')];
    expect(hosts).toHaveLength(count);
    for (const host of hosts) expect(host.shadowRoot?.querySelector('.lk-Root')).toBeTruthy();
    return hosts;
  }, waitLong);
}

async function waitForShadow(container: HTMLElement): Promise<ShadowRoot> {
  await waitForHosts(container, 1);
  return shadowOf(container);
}
