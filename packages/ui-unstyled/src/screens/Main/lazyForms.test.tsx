import { createSignInStore, LatchkeyProvider, SignInStoreProvider } from '@latchkey/hooks';
import { startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageMain } from '../../../test/renderSignIn';
import { otpMessages } from '../../products/otp/messages';
import { OtpEmailFlow } from '../../products/otp/OtpEmailForm';
import { deferredEmailForm } from './lazyForms';

// The Main screen's email form for a product whose flow comes with its chunk: here the chunk is held back by the
// test (the loader waits for `arrive()`), with the real passcode flow and the real provider behind it.
async function renderDeferredForm() {
  const env = await startTestEnvironment();
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const Form = deferredEmailForm('otp', async () => {
    await arrived;
    return { Binder: OtpEmailFlow, messages: otpMessages };
  });
  const store = createSignInStore({ products: ['otp'], otpOptions: { methods: ['email'] } });
  render(
    <LatchkeyProvider client={env.client}>
      <SignInStoreProvider store={store}>
        <Form />
      </SignInStoreProvider>
    </LatchkeyProvider>,
    { container: pageMain() },
  );
  return { env, store, arrive, user: userEvent.setup() };
}

const sends = (env: TestEnvironment) =>
  env.requests.filter((request) => request.path === '/otps/email/login_or_create');
const emailField = () => screen.getByRole('textbox', { name: 'Email' });

describe('the email form of a product that loads on demand', () => {
  it('shows the field before the chunk arrives, and keeps the same field and its text once the flow binds', async () => {
    const { arrive, user } = await renderDeferredForm();
    const field = emailField();
    expect(field.closest('form')?.getAttribute('data-kind')).toBe('otp');
    await user.type(field, 'ada@example.com');
    arrive();
    await waitFor(() => expect(field.closest('form')?.getAttribute('data-pending')).toBeNull());
    expect(emailField()).toBe(field);
    expect(field).toHaveProperty('value', 'ada@example.com');
  });

  it('a submit before the chunk arrives waits, busy, then sends once the flow binds', async () => {
    const { env, store, arrive, user } = await renderDeferredForm();
    await user.type(emailField(), 'ada@example.com{Enter}');
    const submit = screen.getByRole('button', { name: /Continue/ });
    expect(submit.getAttribute('aria-busy')).toBe('true');
    expect(sends(env)).toHaveLength(0);
    arrive();
    await waitFor(() => expect(store.getState().screen).toBe('OTPAuthenticate'));
    expect(sends(env)).toHaveLength(1);
    expect(sends(env)[0]?.body).toMatchObject({ email: 'ada@example.com' });
  });

  it("a malformed email submitted early gets the product's text once the flow binds, sends nothing, focuses the field", async () => {
    const { env, store, arrive, user } = await renderDeferredForm();
    await user.type(emailField(), 'not-an-email');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    arrive();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email address.');
    await waitFor(() => expect(document.activeElement).toBe(emailField()));
    expect(sends(env)).toHaveLength(0);
    expect(store.getState().screen).toBe('Main');
  });
});
