import {
  API_BASE_URL,
  ASYNC_TIMEOUT,
  holdAnswers,
  ORIGIN,
  PUBLIC_TOKEN,
  type TestEnvironment,
} from '@latchkey/testing';
import { unprovedSession } from '@latchkey/testing/unproved-session';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL, passkeyEnvironment, signInByPasscode } from '../../../test/passkeys';
import { wrapperFor } from '../../../test/wrappers';
import { latchkeyQueryKeys } from '../../queryOptions';
import { useLatchkeyQueryClient } from '../../useLatchkeyQueryClient';
import { passkeysQueryOptions } from './queryOptions';
import { usePasskeyRegistration } from './usePasskeyRegistration';
import { usePasskeys } from './usePasskeys';

const WARNING = 'Once deleted, the passkey cannot be restored.';
const waitLong = { timeout: ASYNC_TIMEOUT };

/** The registration and list hooks side by side, as on PasskeyRegistrationSuccess. */
const useRegistrationScreen = () => ({ registration: usePasskeyRegistration(), list: usePasskeys() });

describe('usePasskeys', () => {
  it('lists a registered passkey, renames it inline and deletes it after a pending-delete state', async () => {
    const { env } = await passkeyEnvironment();
    await signInByPasscode(env);
    const { result } = renderHook(useRegistrationScreen, { wrapper: wrapperFor(env) });
    await waitFor(() => expect(result.current.list.status).toBe('success'), waitLong);
    expect(result.current.list.passkeys).toEqual([]);

    await act(() => result.current.registration.register());
    await waitFor(() => expect(result.current.list.passkeys).toHaveLength(1), waitLong);
    const [passkey] = result.current.list.passkeys;
    const id = passkey?.webauthn_registration_id ?? '';
    expect(passkey).toMatchObject({ name: 'Passkey', domain: 'localhost' });

    // Rename inline: the editor is open (the screen's buttons are disabled), then the name is saved.
    act(() => result.current.list.startRename(id));
    expect(result.current.list).toMatchObject({ editingId: id, isRenaming: true });
    let renaming: Promise<boolean> = Promise.resolve(false);
    act(() => {
      renaming = result.current.list.rename(id, 'Work laptop');
    });
    // Shown at once, before the provider answers.
    expect(result.current.list.passkeys[0]?.name).toBe('Work laptop');
    expect(result.current.list.editingId).toBeNull();
    expect(await act(() => renaming)).toBe(true);
    expect(result.current.list.isRenaming).toBe(false);
    expect(env.requests.find((request) => request.method === 'PUT')).toMatchObject({
      path: `/webauthn/update/${id}`,
      body: { name: 'Work laptop' },
      status: 200,
    });
    expect((await env.client.user.get()).webauthn_registrations.map((item) => item.name)).toEqual(['Work laptop']);

    // Delete: pending first (only 'Delete' and 'Cancel'), with the warning; 'Cancel' keeps it.
    act(() => result.current.list.requestDelete(id));
    expect(result.current.list).toMatchObject({ pendingDeleteId: id, warning: WARNING });
    act(() => result.current.list.cancelDelete());
    expect(result.current.list).toMatchObject({ pendingDeleteId: null, warning: null });
    expect(result.current.list.passkeys).toHaveLength(1);

    act(() => result.current.list.requestDelete(id));
    let deleting: Promise<boolean> = Promise.resolve(false);
    act(() => {
      deleting = result.current.list.confirmDelete();
    });
    // Gone from the list at once.
    expect(result.current.list.passkeys).toEqual([]);
    expect(result.current.list.pendingDeleteId).toBeNull();
    expect(await act(() => deleting)).toBe(true);
    expect(env.requests.find((request) => request.method === 'DELETE')).toMatchObject({
      path: `/users/webauthn_registrations/${id}`,
      status: 200,
    });
    expect((await env.client.user.get()).webauthn_registrations).toEqual([]);
    expect(result.current.list.passkeys).toEqual([]);
  });

  it('one action, one request: a rename or a delete confirmed twice at once sends one call and shows no error', async () => {
    const { env } = await passkeyEnvironment();
    await signInByPasscode(env);
    const { webauthn_registration_id: id } = await env.client.webauthn.register({ is_passkey: true });
    const { result } = renderHook(useRegistrationScreen, { wrapper: wrapperFor(env) });
    await waitFor(() => expect(result.current.list.passkeys).toHaveLength(1), waitLong);
    env.requests.length = 0;

    let renames: boolean[] = [];
    await act(async () => {
      renames = await Promise.all([result.current.list.rename(id, 'Laptop'), result.current.list.rename(id, 'Laptop')]);
    });
    expect(renames).toEqual([true, true]);
    act(() => result.current.list.requestDelete(id));
    let deletes: boolean[] = [];
    await act(async () => {
      deletes = await Promise.all([result.current.list.confirmDelete(), result.current.list.confirmDelete()]);
    });
    expect(deletes).toEqual([true, false]);
    expect(env.requests.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
      `PUT /webauthn/update/${id} 200`,
      `DELETE /users/webauthn_registrations/${id} 200`,
    ]);
    expect(result.current.list.error).toBeNull();
    expect((await env.client.user.get()).webauthn_registrations).toEqual([]);
  });

  it('Skip while the user is fetched starts no ceremony: nothing is created', async () => {
    const { env, authenticator } = await passkeyEnvironment();
    await signInByPasscode(env);
    const { result } = renderHook(useRegistrationScreen, { wrapper: wrapperFor(env) });
    const held = holdAnswers(env, '/users/me');
    let registering: Promise<boolean> = Promise.resolve(true);
    act(() => {
      registering = result.current.registration.register();
    });
    act(() => result.current.registration.skip());
    held.release();
    await act(async () => {
      expect(await registering).toBe(false);
    });
    expect(result.current.registration.status).toBe('skipped');
    expect(env.requests.filter((request) => request.path.startsWith('/webauthn/register'))).toEqual([]);
    expect(authenticator.calls.filter((call) => call.method === 'startRegistration')).toEqual([]);
    held.restore();
    expect((await env.client.user.get()).webauthn_registrations).toEqual([]);
  });

  it('puts a refused rename and a refused delete back, and reports them', async () => {
    const { env } = await passkeyEnvironment();
    await signInByPasscode(env);
    const { webauthn_registration_id: id } = await env.client.webauthn.register({ is_passkey: true });
    const onError = vi.fn();
    const { result } = renderHook(() => usePasskeys({ onError }), { wrapper: wrapperFor(env) });
    await waitFor(() => expect(result.current.passkeys).toHaveLength(1), waitLong);

    // A blank name is refused (the name must be 1–100 characters after trimming): the old name comes back.
    let renamed = true;
    await act(async () => {
      renamed = await result.current.rename(id, '   ');
    });
    expect(renamed).toBe(false);
    expect(result.current.passkeys[0]?.name).toBe('Passkey');
    expect(result.current.error?.message).toMatch(/expected string to have >=1 characters/);
    expect(onError).toHaveBeenCalledTimes(1);

    // Removed in another tab: this list still shows it, and the provider no longer knows it.
    await deleteElsewhere(env, id);
    act(() => result.current.requestDelete(id));
    let deleted = true;
    await act(async () => {
      deleted = await result.current.confirmDelete();
    });
    expect(deleted).toBe(false);
    expect(result.current.error).toMatchObject({ status: 404 });
    expect(result.current.passkeys.map((item) => item.webauthn_registration_id)).toEqual([id]);
    expect(onError).toHaveBeenCalledTimes(2);
  });
});

/**
 * A page whose session never proved the second factor its user now holds, under `project.mfa.required` (the shared
 * `unprovedSession`), with the registration and list hooks rendered on it.
 */
async function unprovedScreen(options: { withPasskey?: boolean } = {}) {
  const session = await unprovedSession({ email: EMAIL, ...options });
  const { env } = session;
  const { result } = renderHook(useRegistrationScreen, { wrapper: wrapperFor(env) });
  await waitFor(() => expect(result.current.list.status).toBe('success'), waitLong);
  await env.settled();
  env.requests.length = 0;
  return { ...session, result };
}

/** The user's passkeys as the provider holds them. */
async function registrationsOf(env: TestEnvironment) {
  return (await env.client.user.get()).webauthn_registrations.map((item) => item.webauthn_registration_id);
}

const calls = (env: TestEnvironment) =>
  env.requests.map(({ method, path, status }) => `${method} ${path.replace(/\/[^/]*-[^/]*$/, '/{id}')} ${status}`);

/** The calls that change something or prove a code (the list's fetches of the user left out). */
const changes = (env: TestEnvironment) => calls(env).filter((call) => !call.startsWith('GET '));

describe('passkey changes from a session that must prove the second factor first (project.mfa.required)', () => {
  it('register() asks for a code from the app, keeps a wrong one on the step and creates the passkey after the right one', async () => {
    const { env, authenticator, codeNow, result } = await unprovedScreen();
    expect(result.current.list.passkeys).toEqual([]);

    let created = true;
    await act(async () => {
      created = await result.current.registration.register();
    });
    expect(created).toBe(false);
    expect(result.current.registration).toMatchObject({ status: 'verify', error: null, pendingChange: 'register' });
    expect(calls(env)).toEqual(['GET /users/me 200', 'POST /webauthn/register/start 403']);
    expect(authenticator.credentials).toHaveLength(0);

    // Not six digits: refused before any request.
    env.requests.length = 0;
    await act(async () => {
      expect(await result.current.registration.verifyAndRetry('12a')).toBe(false);
    });
    expect(result.current.registration).toMatchObject({ status: 'verify', error: { type: 'invalid_totp_code' } });
    expect(calls(env)).toEqual([]);

    const right = await codeNow();
    await act(async () => {
      expect(await result.current.registration.verifyAndRetry(right === '000000' ? '111111' : '000000')).toBe(false);
    });
    expect(result.current.registration).toMatchObject({
      status: 'verify',
      error: { type: 'otp_code_not_found', message: 'Invalid passcode, please try again.' },
      pendingChange: 'register',
    });
    expect(await registrationsOf(env)).toEqual([]);
    expect(authenticator.credentials).toHaveLength(0);

    env.requests.length = 0;
    await act(async () => {
      expect(await result.current.registration.verifyAndRetry(right)).toBe(true);
    });
    expect(result.current.registration).toMatchObject({ status: 'registered', error: null, pendingChange: null });
    const id = result.current.registration.registration?.webauthn_registration_id;
    expect(calls(env)).toEqual([
      'POST /totps/authenticate 200',
      'GET /users/me 200',
      'POST /webauthn/register/start 200',
      'POST /webauthn/register 200',
    ]);
    expect(await registrationsOf(env)).toEqual([id]);
    await waitFor(() =>
      expect(result.current.list.passkeys.map((item) => item.webauthn_registration_id)).toEqual([id]),
    );
  });

  it('accepts a recovery code as the proof of a new passkey', async () => {
    const { env, recoveryCodes, result } = await unprovedScreen();
    await act(() => result.current.registration.register());
    expect(result.current.registration.status).toBe('verify');
    await act(async () => {
      expect(await result.current.registration.recoverAndRetry(recoveryCodes[0] ?? '')).toBe(true);
    });
    expect(result.current.registration.status).toBe('registered');
    expect(await registrationsOf(env)).toEqual([result.current.registration.registration?.webauthn_registration_id]);
  });

  it('cancelling the step goes back to idle and creates nothing', async () => {
    const { env, authenticator, result } = await unprovedScreen();
    await act(() => result.current.registration.register());
    expect(result.current.registration.status).toBe('verify');
    act(() => result.current.registration.cancelVerification());
    expect(result.current.registration).toMatchObject({ status: 'idle', error: null, pendingChange: null });
    expect(await registrationsOf(env)).toEqual([]);
    expect(authenticator.credentials).toHaveLength(0);
  });

  it('confirmDelete() puts the passkey back and asks for a code; a wrong one deletes nothing, the right one deletes it', async () => {
    const { env, codeNow, passkeyId, result } = await unprovedScreen({ withPasskey: true });
    const id = passkeyId ?? '';
    expect(result.current.list.passkeys.map((item) => item.webauthn_registration_id)).toEqual([id]);

    act(() => result.current.list.requestDelete(id));
    await act(async () => {
      expect(await result.current.list.confirmDelete()).toBe(false);
    });
    expect(result.current.list).toMatchObject({
      step: 'verify',
      isVerifying: false,
      error: null,
      pendingChange: { change: 'delete', id },
      pendingDeleteId: null,
    });
    expect(result.current.list.passkeys.map((item) => item.webauthn_registration_id)).toEqual([id]);
    expect(changes(env)).toEqual(['DELETE /users/webauthn_registrations/{id} 403']);

    const right = await codeNow();
    await act(async () => {
      expect(await result.current.list.verifyAndRetry(right === '000000' ? '111111' : '000000')).toBe(false);
    });
    expect(result.current.list).toMatchObject({
      step: 'verify',
      isVerifying: false,
      error: { type: 'otp_code_not_found', message: 'Invalid passcode, please try again.' },
    });
    expect(await registrationsOf(env)).toEqual([id]);

    await act(async () => {
      expect(await result.current.list.verifyAndRetry(right)).toBe(true);
    });
    expect(result.current.list).toMatchObject({ step: 'list', isVerifying: false, error: null, pendingChange: null });
    expect(result.current.list.passkeys).toEqual([]);
    expect(await registrationsOf(env)).toEqual([]);
    expect(changes(env)).toEqual([
      'DELETE /users/webauthn_registrations/{id} 403',
      'POST /totps/authenticate 404',
      'POST /totps/authenticate 200',
      'DELETE /users/webauthn_registrations/{id} 200',
    ]);
  });

  it('a user with an app and a passkey may prove it either way: her passkey deletes', async () => {
    const { env, authenticator, passkeyId, result } = await unprovedScreen({ withPasskey: true });
    const id = passkeyId ?? '';
    act(() => result.current.list.requestDelete(id));
    await act(async () => {
      expect(await result.current.list.confirmDelete()).toBe(false);
    });
    expect(result.current.list).toMatchObject({
      step: 'verify',
      canVerifyWithTotp: true,
      canVerifyWithPasskey: true,
      pendingChange: { change: 'delete', id },
    });
    await act(async () => {
      expect(await result.current.list.verifyWithPasskeyAndRetry()).toBe(true);
    });
    expect(result.current.list).toMatchObject({ step: 'list', error: null, canVerifyWithPasskey: false });
    expect(authenticator.calls.map((call) => call.method)).toEqual(['startRegistration', 'startAuthentication']);
    expect(changes(env)).toEqual([
      'DELETE /users/webauthn_registrations/{id} 403',
      'POST /webauthn/authenticate/start/secondary 200',
      'POST /webauthn/authenticate 200',
      'DELETE /users/webauthn_registrations/{id} 200',
    ]);
    expect(await registrationsOf(env)).toEqual([]);
  });

  it('deletes with a recovery code too; cancelling keeps the passkey', async () => {
    const { env, recoveryCodes, passkeyId, result } = await unprovedScreen({ withPasskey: true });
    const id = passkeyId ?? '';
    act(() => result.current.list.requestDelete(id));
    await act(() => result.current.list.confirmDelete());
    expect(result.current.list.step).toBe('verify');
    act(() => result.current.list.cancelVerification());
    expect(result.current.list).toMatchObject({ step: 'list', error: null, pendingChange: null });
    expect(result.current.list.passkeys.map((item) => item.webauthn_registration_id)).toEqual([id]);
    expect(await registrationsOf(env)).toEqual([id]);

    act(() => result.current.list.requestDelete(id));
    await act(() => result.current.list.confirmDelete());
    expect(result.current.list.step).toBe('verify');
    await act(async () => {
      expect(await result.current.list.recoverAndRetry(recoveryCodes[1] ?? '')).toBe(true);
    });
    expect(result.current.list.step).toBe('list');
    expect(await registrationsOf(env)).toEqual([]);
  });
});

/**
 * `unprovedScreen` for a user whose only second factor is her passkey (her app removed meanwhile): no code can prove
 * this session, her passkey can.
 */
async function passkeyOnlyScreen() {
  const session = await unprovedSession({ email: EMAIL, withPasskey: true });
  const { env } = session;
  const userId = env.client.session.getSync()?.user_id ?? '';
  await env.provider.database.db.deleteFrom('totps').where('user_id', '=', userId).execute();
  const { result } = renderHook(useRegistrationScreen, { wrapper: wrapperFor(env) });
  await waitFor(() => expect(result.current.list.passkeys).toHaveLength(1), waitLong);
  await env.settled();
  expect(env.client.user.getSync()?.totps).toEqual([]);
  env.requests.length = 0;
  return { ...session, id: session.passkeyId ?? '', result };
}

/** The browser's passkey prompt dismissed by the user, once. */
function dismissNextPrompt(authenticator: { get: (...args: never[]) => unknown }) {
  const error = new Error('The operation either timed out or was not allowed.');
  error.name = 'NotAllowedError';
  vi.spyOn(authenticator, 'get').mockRejectedValueOnce(error);
}

describe('passkey changes proved with a passkey on this session (a user whose only second factor is a passkey)', () => {
  it('confirmDelete() goes to the verify step with only the passkey offered; the passkey proves it and the delete runs', async () => {
    const { env, id, result } = await passkeyOnlyScreen();
    act(() => result.current.list.requestDelete(id));
    await act(async () => {
      expect(await result.current.list.confirmDelete()).toBe(false);
    });
    expect(result.current.list).toMatchObject({
      step: 'verify',
      error: null,
      canVerifyWithTotp: false,
      canVerifyWithPasskey: true,
      pendingChange: { change: 'delete', id },
    });
    expect(result.current.list.passkeys.map((item) => item.webauthn_registration_id)).toEqual([id]);

    await act(async () => {
      expect(await result.current.list.verifyWithPasskeyAndRetry()).toBe(true);
    });
    expect(result.current.list).toMatchObject({ step: 'list', isVerifying: false, error: null, pendingChange: null });
    expect(changes(env)).toEqual([
      'DELETE /users/webauthn_registrations/{id} 403',
      'POST /webauthn/authenticate/start/secondary 200',
      'POST /webauthn/authenticate 200',
      'DELETE /users/webauthn_registrations/{id} 200',
    ]);
    // The passkey joined this session (no new one): the factor the provider counts as the second.
    expect(env.client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual([
      'otp',
      'webauthn',
    ]);
    expect(await registrationsOf(env)).toEqual([]);
    await waitFor(() => expect(result.current.list.passkeys).toEqual([]));
  });

  it("a double click on 'Use a passkey' runs one ceremony and one delete; a rename needs no proof", async () => {
    const { env, authenticator, id, result } = await passkeyOnlyScreen();
    // Renaming is not a change to the second factor: the provider takes it from this session as it is.
    await act(async () => {
      expect(await result.current.list.rename(id, 'Work laptop')).toBe(true);
    });
    act(() => result.current.list.requestDelete(id));
    await act(() => result.current.list.confirmDelete());
    expect(result.current.list).toMatchObject({ step: 'verify', canVerifyWithPasskey: true });
    let proofs: boolean[] = [];
    await act(async () => {
      proofs = await Promise.all([
        result.current.list.verifyWithPasskeyAndRetry(),
        result.current.list.verifyWithPasskeyAndRetry(),
      ]);
    });
    expect(proofs).toEqual([true, true]);
    expect(authenticator.calls.filter((call) => call.method === 'startAuthentication')).toHaveLength(1);
    expect(changes(env)).toEqual([
      'PUT /webauthn/update/{id} 200',
      'DELETE /users/webauthn_registrations/{id} 403',
      'POST /webauthn/authenticate/start/secondary 200',
      'POST /webauthn/authenticate 200',
      'DELETE /users/webauthn_registrations/{id} 200',
    ]);
    expect(await registrationsOf(env)).toEqual([]);
  });

  it('a dismissed passkey prompt stays on the verify step with an error; the next try deletes', async () => {
    const { env, authenticator, id, result } = await passkeyOnlyScreen();
    act(() => result.current.list.requestDelete(id));
    await act(() => result.current.list.confirmDelete());
    dismissNextPrompt(authenticator);
    await act(async () => {
      expect(await result.current.list.verifyWithPasskeyAndRetry()).toBe(false);
    });
    expect(result.current.list).toMatchObject({
      step: 'verify',
      isVerifying: false,
      canVerifyWithPasskey: true,
      pendingChange: { change: 'delete', id },
      error: {
        type: 'passkey_unknown_error',
        message: 'Unknown error occurred during passkey authentication. Please try again.',
      },
    });
    expect(await registrationsOf(env)).toEqual([id]);

    await act(async () => {
      expect(await result.current.list.verifyWithPasskeyAndRetry()).toBe(true);
    });
    expect(result.current.list).toMatchObject({ step: 'list', error: null });
    expect(await registrationsOf(env)).toEqual([]);
  });

  it('register() goes to status verify with only the passkey offered', async () => {
    const { result } = await passkeyOnlyScreen();
    await act(async () => {
      expect(await result.current.registration.register()).toBe(false);
    });
    expect(result.current.registration).toMatchObject({
      status: 'verify',
      error: null,
      pendingChange: 'register',
      canVerifyWithTotp: false,
      canVerifyWithPasskey: true,
    });
    act(() => result.current.registration.cancelVerification());
    expect(result.current.registration).toMatchObject({ status: 'idle', canVerifyWithPasskey: false });
  });
});

describe('passkeysQueryOptions', () => {
  it("lists the user's passkeys with their name and creation date; usePasskeys reads its list through it", async () => {
    const { env } = await passkeyEnvironment();
    await signInByPasscode(env);
    const before = Date.now();
    const { webauthn_registration_id: id } = await env.client.webauthn.register({ is_passkey: true });

    const options = passkeysQueryOptions(env.client);
    expect(options.queryKey).toEqual(['latchkey', 'passkeys']);
    expect(latchkeyQueryKeys.passkeys).toEqual(['latchkey', 'passkeys']);
    const fetched = await new QueryClient().fetchQuery(options);
    expect(fetched).toEqual([expect.objectContaining({ webauthn_registration_id: id, name: 'Passkey' })]);
    const created = Date.parse(fetched[0]?.created_at ?? '');
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(created).toBeLessThanOrEqual(Date.now() + 1000);

    const { result } = renderHook(() => ({ list: usePasskeys(), queryClient: useLatchkeyQueryClient() }), {
      wrapper: wrapperFor(env),
    });
    await waitFor(() => expect(result.current.list.passkeys).toHaveLength(1), waitLong);
    expect(result.current.queryClient.getQueryData(options.queryKey)).toEqual(fetched);
    expect(result.current.list.passkeys[0]?.created_at).toBe(fetched[0]?.created_at);
  });
});

/** Deletes a passkey with the same session but not through this client (another tab), so its cache is stale. */
async function deleteElsewhere(env: TestEnvironment, id: string) {
  const token = env.client.session.getTokens()?.session_token ?? '';
  const response = await env.provider.fetch(
    new Request(`${API_BASE_URL}/sdk/v1/users/webauthn_registrations/${id}`, {
      method: 'DELETE',
      headers: { origin: ORIGIN, authorization: `Basic ${btoa(`${PUBLIC_TOKEN}:${token}`)}` },
    }),
    { remoteAddress: '127.0.0.1' },
  );
  expect(response.status).toBe(200);
}
