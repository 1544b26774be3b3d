// <PasskeyRegistration> against the real provider and the software authenticator: start → success list, inline
// rename, delete with Delete/Cancel, the buttons disabled while renaming, the no-user error.
import { LatchkeyProvider, type SignInCallbacks } from '@latchkey/hooks';
import { ASYNC_TIMEOUT, expectNoAxeViolations, type TestEnvironment } from '@latchkey/testing';
import { unprovedSession } from '@latchkey/testing/unproved-session';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL, passkeyEnvironment, signInByPasscode } from '../../../test/passkeys';
import { pageMain } from '../../../test/renderSignIn';
import { PasskeyRegistration } from './PasskeyRegistration';

const waitLong = { timeout: ASYNC_TIMEOUT };
const NO_USER = 'Error: Cannot use PasskeyRegistration component without active user authenticated.';

function renderRegistration(env: TestEnvironment, callbacks?: SignInCallbacks) {
  const user = userEvent.setup();
  const result = render(
    <LatchkeyProvider client={env.client}>
      <PasskeyRegistration callbacks={callbacks} />
    </LatchkeyProvider>,
    { container: pageMain() },
  );
  return { user, ...result };
}

const screenOf = (container: HTMLElement) =>
  container.querySelector('[data-scope="passkey-registration"][data-part="root"]')?.getAttribute('data-screen');

/** Signs in, opens the widget and creates one passkey: the success screen shows. */
async function registeredOnce() {
  const { env } = await passkeyEnvironment();
  await signInByPasscode(env);
  const onEvent = vi.fn();
  const onError = vi.fn();
  const rendered = renderRegistration(env, { onEvent, onError });
  await rendered.user.click(await screen.findByRole('button', { name: 'Create a Passkey' }, waitLong));
  await screen.findByRole('heading', { name: 'Passkey successfully created!' }, waitLong);
  await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1), waitLong);
  return { env, onEvent, onError, ...rendered };
}

describe('PasskeyRegistration', () => {
  it("opens on 'Set up a new Passkey'; 'Create a Passkey' creates one and lists it under 'Existing Passkeys'", async () => {
    const { env, container } = await registeredOnce();
    expect(screenOf(container)).toBe('PasskeyRegistrationSuccess');
    expect(screen.getByText('Existing Passkeys')).toBeTruthy();
    const [registration] = (await env.client.user.get()).webauthn_registrations;
    expect(screen.getByRole('listitem').textContent).toContain(registration?.name);
    expect(screen.getByRole('button', { name: 'Set up another Passkey' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it("'Set up another Passkey' returns to the start screen (the same authenticator gets the duplicate text), 'Skip', 'Done'", async () => {
    const { user, container, onEvent } = await registeredOnce();
    await user.click(screen.getByRole('button', { name: 'Set up another Passkey' }));
    expect(await screen.findByRole('heading', { name: 'Set up a new Passkey' }, waitLong)).toBeTruthy();
    expect(screenOf(container)).toBe('PasskeyRegistrationStart');
    // The same authenticator already holds a passkey for this user: the spec's duplicate text, and the screen stays.
    await user.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    await waitFor(
      () => expect(screen.getByRole('alert').textContent).toMatch(/^The Passkey cannot be created as it seems/),
      waitLong,
    );
    expect(screenOf(container)).toBe('PasskeyRegistrationStart');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await screen.findByRole('heading', { name: 'Existing Passkeys' }, waitLong);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onEvent).toHaveBeenCalledWith({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: {} });
  });

  it("after 'Skip' lists the existing passkeys, each with its name and creation date, without the success text", async () => {
    const { env, user } = await registeredOnce();
    const [registration] = (await env.client.user.get()).webauthn_registrations;
    await user.click(screen.getByRole('button', { name: 'Set up another Passkey' }));
    await user.click(await screen.findByRole('button', { name: 'Skip' }, waitLong));

    expect(await screen.findByRole('heading', { name: 'Existing Passkeys' }, waitLong)).toBeTruthy();
    expect(screen.queryByText('Passkey successfully created!')).toBeNull();
    expect(screen.queryByText('You have no passkeys yet.')).toBeNull();
    const item = screen.getByRole('listitem');
    expect(within(item).getByText(registration?.name ?? '')).toBeTruthy();
    const created = item.querySelector('time[data-part="created"]');
    expect(created?.getAttribute('datetime')).toBe(registration?.created_at);
    const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(
      new Date(registration?.created_at ?? ''),
    );
    expect(created?.textContent).toBe(`Created ${date}`);
    await expectNoAxeViolations();
  });

  it("after 'Skip' with no passkey, and after deleting the last one, shows the empty state, not the success text", async () => {
    const { user } = await registeredOnce();
    const name = screen.getByRole('listitem').querySelector('[data-part="name"]')?.textContent ?? '';
    await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You have no passkeys yet.', {}, waitLong)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Existing Passkeys' })).toBeTruthy();
    expect(screen.queryByText('Passkey successfully created!')).toBeNull();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);

    // Skip from the start screen, with none.
    await user.click(screen.getByRole('button', { name: 'Set up another Passkey' }));
    await user.click(await screen.findByRole('button', { name: 'Skip' }, waitLong));
    expect(await screen.findByText('You have no passkeys yet.', {}, waitLong)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Existing Passkeys' })).toBeTruthy();
    expect(screen.queryByText('Passkey successfully created!')).toBeNull();
  });

  it('renames a passkey inline; Set up another Passkey and Done are disabled while renaming', async () => {
    const { env, user } = await registeredOnce();
    const [registration] = (await env.client.user.get()).webauthn_registrations;
    await user.click(screen.getByRole('button', { name: `Rename ${registration?.name}` }));

    const field = screen.getByRole('textbox', { name: 'Passkey name' });
    expect(screen.getByRole('button', { name: 'Set up another Passkey' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Done' }).hasAttribute('disabled')).toBe(true);
    await expectNoAxeViolations();
    await user.clear(field);
    await user.type(field, 'Work laptop{Enter}');

    expect(await screen.findByText('Work laptop', {}, waitLong)).toBeTruthy();
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Done' }).hasAttribute('disabled')).toBe(false),
      waitLong,
    );
    expect(env.requests.some((request) => request.path.startsWith('/webauthn/update/'))).toBe(true);
    expect((await env.client.user.get()).webauthn_registrations[0]?.name).toBe('Work laptop');
  });

  it("deletes with Delete/Cancel: only those two show meanwhile, with 'Once deleted, the passkey cannot be restored.'", async () => {
    const { env, user } = await registeredOnce();
    const [registration] = (await env.client.user.get()).webauthn_registrations;
    const name = registration?.name ?? '';

    await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
    expect(screen.getByRole('alert').textContent).toBe('Once deleted, the passkey cannot be restored.');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Delete', 'Cancel']);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
    expect(screen.queryByText('Once deleted, the passkey cannot be restored.')).toBeNull();

    await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryAllByRole('listitem')).toHaveLength(0), waitLong);
    await waitFor(async () => expect((await env.client.user.get()).webauthn_registrations).toEqual([]), waitLong);
  });

  it('shows a refused rename as an error toast and puts the old name back', async () => {
    const { env, user, onError } = await registeredOnce();
    const [registration] = (await env.client.user.get()).webauthn_registrations;
    const name = registration?.name ?? '';
    await user.click(screen.getByRole('button', { name: `Rename ${name}` }));
    const field = screen.getByRole('textbox', { name: 'Passkey name' });
    await user.clear(field);
    // The provider takes 1–100 characters.
    await user.click(field);
    await user.paste('x'.repeat(101));
    await user.keyboard('{Enter}');

    await waitFor(() => expect(onError).toHaveBeenCalled(), waitLong);
    const message = onError.mock.calls[0]?.[0]?.message as string;
    await waitFor(
      () => expect(document.querySelector('[data-scope="toast"][data-part="item"]')?.textContent).toContain(message),
      waitLong,
    );
    await waitFor(() => expect(screen.getByRole('listitem').textContent).toContain(name), waitLong);
    expect((await env.client.user.get()).webauthn_registrations[0]?.name).toBe(name);
  });

  it('shows the no-user error when nobody is signed in', async () => {
    const { env } = await passkeyEnvironment();
    const { container } = renderRegistration(env);
    const alert = await screen.findByRole('alert', {}, waitLong);
    expect(alert.textContent).toBe(NO_USER);
    expect(within(container).queryByRole('button', { name: 'Create a Passkey' })).toBeNull();
    await expectNoAxeViolations();
  });
});

/**
 * A page whose session never proved the second factor its user now holds, under `project.mfa.required` (the shared
 * `unprovedSession`), with `<PasskeyRegistration>` rendered on it.
 */
async function unprovedSessionRendered(options: { withPasskey?: boolean } = {}) {
  const session = await unprovedSession({ email: EMAIL, ...options });
  return { ...session, ...renderRegistration(session.env) };
}

const registrationsOf = async (env: TestEnvironment) => (await env.client.user.get()).webauthn_registrations;
const firstDigit = () => screen.getByRole('textbox', { name: 'Digit 1 of 6' });

describe("PasskeyRegistration: a session that must prove the second factor first ('Confirm it's you')", () => {
  it('asks for a code from the app before creating a passkey; a wrong one creates nothing, the right one creates it', async () => {
    const { env, user, container, codeNow } = await unprovedSessionRendered();
    await user.click(await screen.findByRole('button', { name: 'Create a Passkey' }, waitLong));
    await screen.findByRole('heading', { name: "Confirm it's you" }, waitLong);
    const step = container.querySelector('[data-scope="passkey-registration-start"][data-step="verify"]');
    expect(step?.querySelector('[data-scope="session-verification"][data-part="root"]')).not.toBeNull();
    expect(screen.getByText('Enter a code from your authenticator app to continue.')).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Code from your app' });
    expect(within(group).getAllByRole('textbox')).toHaveLength(6);
    await waitFor(() => expect(document.activeElement).toBe(firstDigit()), waitLong);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await expectNoAxeViolations();

    const right = await codeNow();
    await user.keyboard(right === '000000' ? '111111' : '000000');
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toBe('Invalid passcode, please try again.');
    expect(screen.getByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    expect(group.hasAttribute('data-invalid')).toBe(true);
    expect(await registrationsOf(env)).toEqual([]);

    await waitFor(() => expect(document.activeElement).toBe(firstDigit()), waitLong);
    await user.keyboard(right);
    await screen.findByRole('heading', { name: 'Passkey successfully created!' }, waitLong);
    expect(await registrationsOf(env)).toHaveLength(1);
  });

  it('Back gives up the new passkey and returns to the start screen', async () => {
    const { env, user } = await unprovedSessionRendered();
    await user.click(await screen.findByRole('button', { name: 'Create a Passkey' }, waitLong));
    await screen.findByRole('heading', { name: "Confirm it's you" }, waitLong);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Set up a new Passkey' }, waitLong)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create a Passkey' })).toBeTruthy();
    expect(await registrationsOf(env)).toEqual([]);
  });

  it('deletes a passkey after a recovery code; Back keeps it', async () => {
    const { env, user, recoveryCodes } = await unprovedSessionRendered({ withPasskey: true });
    await user.click(await screen.findByRole('button', { name: 'Skip' }, waitLong));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1), waitLong);
    const [registration] = await registrationsOf(env);
    const name = registration?.name ?? '';

    await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('heading', { name: "Confirm it's you" }, waitLong);
    await waitFor(() => expect(document.activeElement).toBe(firstDigit()), waitLong);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1), waitLong);
    expect(await registrationsOf(env)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('heading', { name: "Confirm it's you" }, waitLong);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const input = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(document.activeElement).toBe(input);
    await user.type(input, recoveryCodes[0] ?? '');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: "Confirm it's you" })).toBeNull(), waitLong);
    await waitFor(() => expect(screen.queryAllByRole('listitem')).toHaveLength(0), waitLong);
    expect(await registrationsOf(env)).toEqual([]);
  });
});

/** `unprovedSessionRendered` for a user whose only second factor is her passkey (her app removed meanwhile). */
async function passkeyOnlyRendered() {
  const session = await unprovedSession({ email: EMAIL, withPasskey: true });
  const userId = session.env.client.session.getSync()?.user_id ?? '';
  await session.env.provider.database.db.deleteFrom('totps').where('user_id', '=', userId).execute();
  await session.env.client.user.get();
  const rendered = { ...session, ...renderRegistration(session.env) };
  await rendered.user.click(await screen.findByRole('button', { name: 'Skip' }, waitLong));
  await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1), waitLong);
  return rendered;
}

/** Delete, then Delete again: "Confirm it's you" shows. */
async function deleteTheOnlyPasskey(user: ReturnType<typeof userEvent.setup>, env: TestEnvironment) {
  const [registration] = await registrationsOf(env);
  await user.click(screen.getByRole('button', { name: `Delete ${registration?.name ?? ''}` }));
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await screen.findByRole('heading', { name: "Confirm it's you" }, waitLong);
}

describe("PasskeyRegistration: 'Confirm it's you' with a passkey", () => {
  it("offers only 'Use a passkey' to a user whose only second factor is a passkey; it proves the session and deletes", async () => {
    const { env, user, container } = await passkeyOnlyRendered();
    await deleteTheOnlyPasskey(user, env);
    const root = container.querySelector('[data-scope="session-verification"][data-part="root"]');
    expect(root?.hasAttribute('data-passkey')).toBe(true);
    expect(root?.hasAttribute('data-code')).toBe(false);
    expect(screen.getByText('Use one of your passkeys to continue.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Code from your app' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
    const usePasskey = screen.getByRole('button', { name: 'Use a passkey' });
    expect(usePasskey.getAttribute('data-part')).toBe('passkey');
    await waitFor(() => expect(document.activeElement).toBe(usePasskey), waitLong);
    await expectNoAxeViolations();

    // The keyboard reaches it: Enter on the focused button.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('heading', { name: "Confirm it's you" })).toBeNull(), waitLong);
    await waitFor(() => expect(screen.queryAllByRole('listitem')).toHaveLength(0), waitLong);
    expect(await registrationsOf(env)).toEqual([]);
  });

  it('a dismissed passkey prompt shows an error and stays on the step', async () => {
    const { env, user, authenticator } = await passkeyOnlyRendered();
    await deleteTheOnlyPasskey(user, env);
    const error = new Error('The operation either timed out or was not allowed.');
    error.name = 'NotAllowedError';
    vi.spyOn(authenticator, 'get').mockRejectedValueOnce(error);
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect((await screen.findByRole('alert', {}, waitLong)).textContent).toBe(
      'Unknown error occurred during passkey authentication. Please try again.',
    );
    expect(screen.getByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toHaveProperty('disabled', false);
    expect(await registrationsOf(env)).toHaveLength(1);
  });

  it('shows both ways to a user with an app and a passkey: the code boxes focused, and Use a passkey', async () => {
    const { env, user, container } = await unprovedSessionRendered({ withPasskey: true });
    await user.click(await screen.findByRole('button', { name: 'Skip' }, waitLong));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1), waitLong);
    await deleteTheOnlyPasskey(user, env);
    const root = container.querySelector('[data-scope="session-verification"][data-part="root"]');
    expect(root?.hasAttribute('data-passkey')).toBe(true);
    expect(root?.hasAttribute('data-code')).toBe(true);
    expect(screen.getByText('Enter a code from your authenticator app, or use a passkey, to continue.')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Code from your app' })).getAllByRole('textbox')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(firstDigit()), waitLong);
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: "Confirm it's you" })).toBeNull(), waitLong);
    await waitFor(() => expect(screen.queryAllByRole('listitem')).toHaveLength(0), waitLong);
    expect(await registrationsOf(env)).toEqual([]);
  });
});
