// End to end: the real @latchkey/sdk against the real provider (in-process) for what happens after sign-in:
// refreshing, extending and revoking the session, losing it on the provider's side, the user's own profile,
// a second email added as a factor, and the user search the password screen relies on.
import type { User } from '@latchkey/sdk';
import { describe, expect, it } from 'vitest';
import { rowById } from '../testing/fixtures';
import { iso, START, startProvider, type TestProvider } from '../testing/harness';
import {
  expectRefusedSignedOut,
  expectSignedIn,
  expectSignedOut,
  openSdkTab,
  rejectionOf,
  type SdkTab,
} from '../testing/sdkClient';

const EMAIL = 'ada@example.com';

/** A tab signed in through an emailed passcode, for `session_duration_minutes` 60. */
async function signedIn(t: TestProvider, email = EMAIL): Promise<SdkTab> {
  const tab = await openSdkTab(t);
  const { method_id } = await tab.client.otps.email.loginOrCreate(email);
  await tab.client.otps.authenticate(await t.lastCode(email), method_id, { session_duration_minutes: 60 });
  return tab;
}

describe('SDK sessions against the provider', () => {
  it('refreshes the same session without moving its expiry, and moves it when a duration is given', async () => {
    const t = await startProvider();
    const tab = await signedIn(t);
    const before = await expectSignedIn(t, tab);

    t.clock.advance(5 * 60_000);
    const refreshed = await tab.client.session.authenticate();
    expect(tab.requests.at(-1)).toMatchObject({ path: '/sessions/authenticate', body: {}, status: 200 });
    const after = await expectSignedIn(t, tab);
    expect(after.token).toBe(before.token);
    expect(refreshed.session).toMatchObject({
      session_id: before.row.session_id,
      last_accessed_at: iso(START + 5 * 60_000),
      expires_at: iso(START + 60 * 60_000),
    });

    t.clock.advance(5 * 60_000);
    await tab.client.session.authenticate({ session_duration_minutes: 60 });
    const extended = await expectSignedIn(t, tab);
    expect(extended.row.session_id).toBe(before.row.session_id);
    expect(extended.row.expires_at).toBe(START + 10 * 60_000 + 60 * 60_000);
    expect(tab.client.session.getSync()?.expires_at).toBe(iso(START + 70 * 60_000));
    expect(tab.cookie('stytch_session')?.attributes.expires).toEqual(new Date(START + 70 * 60_000));
  });

  it('revokes the session: signed out locally, and the provider refuses the old token', async () => {
    const t = await startProvider();
    const tab = await signedIn(t);
    const { row, token } = await expectSignedIn(t, tab);
    const changes: unknown[] = [];
    tab.client.session.onChange((session) => changes.push(session));

    await tab.client.session.revoke();
    expect(tab.requests.at(-1)).toMatchObject({ path: '/sessions/revoke', body: undefined, status: 200 });
    expectSignedOut(tab);
    expect(changes).toEqual([null]);
    expect((await rowById(t, 'sessions', row.session_id)).revoked_at).toBe(START);
    const replay = await t.call('POST', '/sessions/authenticate', { sessionToken: token, body: {} });
    expect(replay.status).toBe(404);
    expect(replay.json).toMatchObject({ error_type: 'session_not_found', error_message: 'Session not found.' });
  });

  it('clears the local session when the provider no longer knows it', async () => {
    const t = await startProvider();
    const tab = await signedIn(t);
    const { row } = await expectSignedIn(t, tab);
    await t.provider.database.db
      .updateTable('sessions')
      .set({ revoked_at: START })
      .where('session_id', '=', row.session_id)
      .execute();

    await expectRefusedSignedOut(tab, tab.client.session.authenticate(), {
      status_code: 404,
      error_type: 'session_not_found',
      error_message: 'Session not found.',
    });
  });
});

describe('SDK user calls against the provider', () => {
  it('reads the user and updates its untrusted metadata, replacing the stored user', async () => {
    const t = await startProvider();
    const tab = await signedIn(t);
    const user = await tab.client.user.get();
    expect(user).toEqual(tab.client.user.getSync());
    expect(user).toMatchObject({ emails: [{ email: EMAIL, verified: true }], untrusted_metadata: {} });
    const seen: (User | null)[] = [];
    tab.client.user.onChange((changed) => seen.push(changed));

    const answer = await tab.client.user.update({
      name: { first_name: 'Ada' },
      untrusted_metadata: { theme: 'dark', locale: 'en-GB' },
    });
    expect(answer).toEqual({
      request_id: expect.any(String),
      status_code: 200,
      user_id: user.user_id,
      emails: user.emails,
      phone_numbers: [],
      crypto_wallets: [],
    });
    const updated = {
      ...user,
      name: { ...user.name, first_name: 'Ada' },
      untrusted_metadata: { theme: 'dark', locale: 'en-GB' },
    };
    expect(tab.client.user.getSync()).toEqual(updated);
    expect(seen).toEqual([updated]);
    await expectSignedIn(t, tab);
    const row = await t.provider.database.db
      .selectFrom('users')
      .select(['first_name', 'untrusted_metadata'])
      .executeTakeFirstOrThrow();
    expect({ ...row, untrusted_metadata: JSON.parse(row.untrusted_metadata) }).toEqual({
      first_name: 'Ada',
      untrusted_metadata: { theme: 'dark', locale: 'en-GB' },
    });
  });

  it('adds a second email as a factor of the session, then deletes it', async () => {
    const t = await startProvider();
    const tab = await signedIn(t);
    const before = await expectSignedIn(t, tab);
    const work = 'ada@work.example';

    // With a session in this tab, `send` adds the address to the signed-in user.
    t.clock.advance(60_000);
    const { method_id } = await tab.client.otps.email.send(work);
    expect(tab.requests.at(-1)).toMatchObject({ path: '/otps/email/send/secondary', status: 200 });
    const answer = await tab.client.otps.authenticate(await t.lastCode(work), method_id, {
      session_duration_minutes: 60,
    });
    const after = await expectSignedIn(t, tab);
    expect(after.row.session_id).toBe(before.row.session_id);
    expect(answer.user.emails).toEqual([
      expect.objectContaining({ email: EMAIL, verified: true }),
      { email_id: method_id, email: work, verified: true },
    ]);
    expect(answer.session.authentication_factors.map((factor) => factor.email_factor?.email_address)).toEqual([
      EMAIL,
      work,
    ]);

    const deleted = await tab.client.user.deleteEmail(method_id);
    expect(deleted).toEqual({ request_id: expect.any(String), status_code: 200, user_id: answer.user_id });
    expect(tab.client.user.getSync()?.emails).toEqual([expect.objectContaining({ email: EMAIL })]);
    await expectSignedIn(t, tab);
    const emails = await t.provider.database.db.selectFrom('emails').select('email').execute();
    expect(emails).toEqual([{ email: EMAIL }]);

    const error = await rejectionOf(tab.client.user.deleteEmail(method_id));
    expect(error).toMatchObject({ status_code: 404, error_type: 'email_not_found', error_message: 'Email not found.' });
  });

  it('tells new, password and passwordless users apart through users.search', async () => {
    const t = await startProvider();
    const tab = await openSdkTab(t);
    const search = async (email: string) => (await tab.client.users.search(email)).userType;
    expect(await tab.client.users.search(EMAIL)).toEqual({
      request_id: expect.any(String),
      status_code: 200,
      userType: 'new',
    });

    await signedIn(t, EMAIL);
    const other = await openSdkTab(t);
    await other.client.passwords.create({
      email: 'grace@example.com',
      password: 'dragonfly-marmalade-41',
      session_duration_minutes: 60,
    });
    expect(await search('ADA@example.com')).toBe('passwordless');
    expect(await search('grace@example.com')).toBe('password');
    expect(await search('nobody@example.com')).toBe('new');
    const error = await rejectionOf(tab.client.users.search('not-an-email'));
    expect(error).toMatchObject({
      status_code: 400,
      error_type: 'invalid_email',
      error_message: 'Email format is invalid.',
    });
  });
});
