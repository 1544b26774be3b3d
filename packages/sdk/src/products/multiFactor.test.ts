// A multi-factor sign-in through the SDK: the first factor's intermediate session is no session (the tab stays
// signed out), its token is kept in its cookie and sent in the body of the second factor (a provider on another
// site than the page never sees the cookie), and the second factor's answer is the session.
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  authenticateData,
  createTestClient,
  makeSession,
  makeUser,
  ok,
  settle,
  signInWithOtp,
  storedState,
  type TestClient,
} from '../../test/fakes';
import type { Session } from '../contract/common';
import type { WebAuthnBrowser } from './webauthn.public';

const IST = 'intermediate-token-abc';
const PENDING_USER = makeUser({
  totps: [{ totp_id: 'totp-1', verified: true }],
  webauthn_registrations: [
    {
      webauthn_registration_id: 'webauthn-1',
      domain: 'localhost',
      user_agent: 'FakeBrowser/1.0',
      authenticator_type: 'platform',
      verified: true,
      name: 'Laptop',
    },
  ],
} as never);

/** The provider's answer to a first factor when the project requires a second: empty tokens, an intermediate token. */
function intermediateAnswer() {
  return ok(
    authenticateData({
      session_token: '',
      session_jwt: '',
      intermediate_session_token: IST,
      user: PENDING_USER,
      session: makeSession({ session_id: 'intermediate-session-1', user_id: PENDING_USER.user_id }),
    }),
  );
}

const REQUEST_OPTIONS: PublicKeyCredentialRequestOptionsJSON = {
  challenge: 'Y2hhbGxlbmdlLWF1dGg',
  rpId: 'localhost',
  allowCredentials: [{ id: 'bmV3LWNyZWQ', type: 'public-key' }],
  userVerification: 'preferred',
};

const ASSERTION: AuthenticationResponseJSON = {
  id: 'bmV3LWNyZWQ',
  rawId: 'bmV3LWNyZWQ',
  type: 'public-key',
  response: { clientDataJSON: 'Y2xpZW50', authenticatorData: 'YXV0aA', signature: 'c2ln' },
  clientExtensionResults: {},
};

function webauthnLibrary() {
  return {
    startAuthentication: vi.fn(async () => ASSERTION),
    WebAuthnAbortService: { cancelCeremony: vi.fn() },
  } as unknown as WebAuthnBrowser;
}

/** A tab whose passcode sign-in was answered with an intermediate session; `changes` records `onChange` calls. */
async function pendingTab(setup: Parameters<typeof createTestClient>[0] = {}) {
  const tab = createTestClient(setup);
  const changes: (Session | null)[] = [];
  tab.client.session.onChange((session) => changes.push(session));
  tab.transport.once('POST', '/otps/authenticate', intermediateAnswer());
  const first = await tab.client.otps.authenticate('000000', 'email-test-0001', { session_duration_minutes: 30 });
  return { ...tab, first, changes };
}

function expectSignedOutWithToken(tab: TestClient) {
  expect(tab.client.session.getSync()).toBeNull();
  expect(tab.client.session.getInfo()).toEqual({ session: null, fromCache: false });
  expect(tab.client.session.getTokens()).toBeNull();
  expect(tab.client.user.getSync()).toBeNull();
  expect(storedState(tab.browser)).toBeNull();
  expect(tab.browser.cookies.get('stytch_intermediate_session_token')).toBe(IST);
  expect(tab.browser.cookies.find('stytch_session')).toBeUndefined();
  expect(tab.browser.cookies.find('stytch_session_jwt')).toBeUndefined();
}

beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => void vi.useRealTimers());

describe('an intermediate session is not a session', () => {
  it('leaves the tab signed out: no state, no session cookie, onChange says null; the token in its cookie', async () => {
    const tab = await pendingTab();
    // The caller still gets the whole answer (the flows read the token from it).
    expect(tab.first).toMatchObject({ session_token: '', intermediate_session_token: IST });
    expectSignedOutWithToken(tab);
    expect(tab.changes).toEqual([null]);
    expect(await tab.client.session.getIntermediateUser()).toEqual(PENDING_USER);
  });

  it('runs no background refresh while the sign-in waits', async () => {
    const tab = await pendingTab();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await settle();
    expect(tab.transport.find('POST', '/sessions/authenticate')).toEqual([]);
    expect(tab.browser.cookies.get('stytch_intermediate_session_token')).toBe(IST);
  });

  it('replaces a session the tab held: subscribers hear the sign-out', async () => {
    const tab = createTestClient();
    await signInWithOtp(tab);
    const changes: (Session | null)[] = [];
    tab.client.session.onChange((session) => changes.push(session));
    tab.transport.once('POST', '/passwords/authenticate', intermediateAnswer());
    await tab.client.passwords.authenticate({
      email: 'ada@example.com',
      password: 'pw-1234567',
      session_duration_minutes: 30,
    });
    expectSignedOutWithToken(tab);
    expect(changes).toEqual([null, null]);
  });

  it('accepts an intermediate answer without a session object (nothing is stored from it anyway)', async () => {
    const tab = createTestClient();
    tab.transport.once(
      'POST',
      '/otps/authenticate',
      ok({ user_id: 'user-test-0001', session_token: '', session_jwt: '', intermediate_session_token: IST }),
    );
    await tab.client.otps.authenticate('000000', 'email-test-0001', { session_duration_minutes: 30 });
    expectSignedOutWithToken(tab);
    expect(await tab.client.session.getIntermediateUser()).toBeNull();
  });

  it('answers no intermediate user when no sign-in waits', async () => {
    const { client } = createTestClient();
    expect(await client.session.getIntermediateUser()).toBeNull();
  });
});

describe('the second factor carries the intermediate token in its body', () => {
  it('totps.authenticate: sends it, then stores the full session and drops the token and the pending user', async () => {
    const tab = await pendingTab();
    tab.transport.once('POST', '/totps/authenticate', ok(authenticateData({ totp_id: 'totp-1' })));
    await tab.client.totps.authenticate({ totp_code: '123456', session_duration_minutes: 60 });
    expect(tab.transport.last()).toMatchObject({ method: 'POST', path: '/totps/authenticate' });
    expect(tab.transport.last().body).toEqual({
      totp_code: '123456',
      session_duration_minutes: 60,
      intermediate_session_token: IST,
    });
    expect(tab.client.session.getSync()?.session_id).toBe(makeSession().session_id);
    expect(tab.changes).toEqual([null, expect.objectContaining({ session_id: makeSession().session_id })]);
    expect(tab.browser.cookies.find('stytch_intermediate_session_token')).toBeUndefined();
    expect(tab.browser.cookies.get('stytch_session')).toBe('session-token-opaque-abc123');
    expect(await tab.client.session.getIntermediateUser()).toBeNull();
  });

  it('session.authenticate during the pending sign-in stores nothing: totps.authenticate then still sends it', async () => {
    const tab = createTestClient();
    tab.transport.once('POST', '/passwords/authenticate', intermediateAnswer());
    await tab.client.passwords.authenticate({
      email: 'ada@example.com',
      password: 'pw-1234567',
      session_duration_minutes: 30,
    });
    // The provider answers a refresh that carries only the intermediate cookie with the pending sign-in.
    tab.transport.once('POST', '/sessions/authenticate', intermediateAnswer());
    const answer = await tab.client.session.authenticate();
    expect(answer).toMatchObject({ session_token: '', intermediate_session_token: IST });
    expectSignedOutWithToken(tab);

    tab.transport.once('POST', '/totps/authenticate', ok(authenticateData({ totp_id: 'totp-1' })));
    await tab.client.totps.authenticate({ totp_code: '123456', session_duration_minutes: 30 });
    expect(tab.transport.last().body).toEqual({
      totp_code: '123456',
      session_duration_minutes: 30,
      intermediate_session_token: IST,
    });
    expect(tab.client.session.getSync()?.session_id).toBe(makeSession().session_id);
  });

  it('totps.recover: sends it', async () => {
    const tab = await pendingTab();
    tab.transport.once('POST', '/totps/recover', ok(authenticateData({ totp_id: 'totp-1' })));
    await tab.client.totps.recover({ recovery_code: 'abcd-efgh', session_duration_minutes: 60 });
    expect(tab.transport.last().body).toEqual({
      recovery_code: 'abcd-efgh',
      session_duration_minutes: 60,
      intermediate_session_token: IST,
    });
  });

  it('a wrong code keeps the token for the next try', async () => {
    const tab = await pendingTab();
    tab.transport.once('POST', '/totps/authenticate', apiError(401, 'otp_code_not_found'));
    await expect(
      tab.client.totps.authenticate({ totp_code: '000000', session_duration_minutes: 60 }),
    ).rejects.toThrow();
    expectSignedOutWithToken(tab);
  });

  it('without a pending sign-in, totps.authenticate sends no token', async () => {
    const { client, transport } = createTestClient();
    transport.once('POST', '/totps/authenticate', ok(authenticateData()));
    await client.totps.authenticate({ totp_code: '123456', session_duration_minutes: 60 });
    expect(transport.last().body).toEqual({ totp_code: '123456', session_duration_minutes: 60 });
  });

  it('webauthn.authenticate: /secondary with the token in both calls completes the sign-in', async () => {
    const library = webauthnLibrary();
    const tab = await pendingTab({ env: { loadWebAuthn: async () => library } });
    tab.transport
      .once(
        'POST',
        '/webauthn/authenticate/start/secondary',
        ok({ public_key_credential_request_options: JSON.stringify(REQUEST_OPTIONS) }),
      )
      .once('POST', '/webauthn/authenticate', ok(authenticateData({ webauthn_registration_id: 'webauthn-1' })));
    await tab.client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 60 });
    const [start, finish] = tab.transport.calls.slice(-2);
    expect(start).toMatchObject({ method: 'POST', path: '/webauthn/authenticate/start/secondary' });
    expect(start?.body).toEqual({
      domain: 'localhost',
      return_passkey_credential_options: true,
      intermediate_session_token: IST,
    });
    expect(finish).toMatchObject({ method: 'POST', path: '/webauthn/authenticate' });
    expect(finish?.body).toEqual({
      public_key_credential: JSON.stringify(ASSERTION),
      session_duration_minutes: 60,
      intermediate_session_token: IST,
    });
    expect(tab.client.session.getSync()).not.toBeNull();
    expect(tab.browser.cookies.find('stytch_intermediate_session_token')).toBeUndefined();
  });

  it('webauthn.authenticate with autofill (conditional mediation) is a new sign-in: /primary, no token', async () => {
    const library = webauthnLibrary();
    const tab = await pendingTab({ env: { loadWebAuthn: async () => library } });
    tab.transport
      .once(
        'POST',
        '/webauthn/authenticate/start/primary',
        ok({ public_key_credential_request_options: JSON.stringify(REQUEST_OPTIONS) }),
      )
      .once('POST', '/webauthn/authenticate', ok(authenticateData({ webauthn_registration_id: 'webauthn-1' })));
    await tab.client.webauthn.authenticate({ conditional_mediation: true, session_duration_minutes: 30 });
    const [start, finish] = tab.transport.calls.slice(-2);
    expect(start?.path).toBe('/webauthn/authenticate/start/primary');
    expect(start?.body).toEqual({ domain: 'localhost' });
    expect(finish?.body).toEqual({ public_key_credential: JSON.stringify(ASSERTION), session_duration_minutes: 30 });
  });

  it.each(['webauthn_registration_not_found', 'intermediate_session_not_found'])(
    'webauthn.authenticate falls back to a passkey sign-in of its own when /secondary answers %s',
    async (errorType) => {
      const library = webauthnLibrary();
      const tab = await pendingTab({ env: { loadWebAuthn: async () => library } });
      tab.transport
        .once('POST', '/webauthn/authenticate/start/secondary', apiError(404, errorType))
        .once(
          'POST',
          '/webauthn/authenticate/start/primary',
          ok({ public_key_credential_request_options: JSON.stringify(REQUEST_OPTIONS) }),
        )
        .once('POST', '/webauthn/authenticate', ok(authenticateData({ webauthn_registration_id: 'webauthn-1' })));
      await tab.client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 30 });
      expect(tab.transport.calls.slice(-3).map((call) => [call.path, call.body])).toEqual([
        [
          '/webauthn/authenticate/start/secondary',
          { domain: 'localhost', return_passkey_credential_options: true, intermediate_session_token: IST },
        ],
        ['/webauthn/authenticate/start/primary', { domain: 'localhost', return_passkey_credential_options: true }],
        ['/webauthn/authenticate', { public_key_credential: JSON.stringify(ASSERTION), session_duration_minutes: 30 }],
      ]);
      expect(tab.client.session.getSync()).not.toBeNull();
    },
  );

  it('webauthn.authenticate does not fall back on other refusals', async () => {
    const library = webauthnLibrary();
    const tab = await pendingTab({ env: { loadWebAuthn: async () => library } });
    tab.transport.once('POST', '/webauthn/authenticate/start/secondary', apiError(429, 'too_many_requests'));
    await expect(tab.client.webauthn.authenticate({ session_duration_minutes: 30 })).rejects.toMatchObject({
      error_type: 'too_many_requests',
    });
    expect(tab.transport.find('POST', '/webauthn/authenticate/start/primary')).toEqual([]);
    expectSignedOutWithToken(tab);
  });
});

describe('subscribers of a pending sign-in', () => {
  it('get a new snapshot (still signed out) when the intermediate token arrives, so a cookie reader reads again', async () => {
    const tab = createTestClient();
    const snapshots: unknown[] = [];
    tab.client.session.subscribe((snapshot) => snapshots.push(snapshot));
    tab.transport.once('POST', '/otps/authenticate', intermediateAnswer());
    await tab.client.otps.authenticate('000000', 'email-test-0001', { session_duration_minutes: 30 });
    expect(snapshots).toEqual([{ session: null, user: null, fromCache: false }]);
    expect(tab.client.session.getSnapshot()).toBe(snapshots[0]);
  });
});
