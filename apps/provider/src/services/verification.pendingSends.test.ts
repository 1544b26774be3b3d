// The pre-hijacking reset (verification.ts, resetAccount) uses up the secondary sends made before the owner's proof:
// a link or code sent to an address no account holds yet would otherwise add that address to the account once the
// owner's own session redeems it, letting whoever sent it back in. And a secondary send is bound to the session that
// made it (services/recipients.ts, mayRedeemPending), which also covers an account the reset finds nothing in: another
// session of the account, the owner's included, can never redeem it. Runs on SQLite, and on PostgreSQL with
// LATCHKEY_TEST_POSTGRES_URL.
import { describe, expect, it } from 'vitest';
import { BROWSER_PKCE } from '../../test/browserPkce';
import { signedInWith } from '../../test/oauthSteps';
import { startProvider, type TestProvider, tokenOf } from '../../testing/harness';

const VICTIM = 'victim@example.com';
const ATTACKER_LINK = 'attacker-link@example.com';
const ATTACKER_CODE = 'attacker-code@example.com';
const PASSWORD = 'dragonfly-marmalade-41';

/** Every link-sending call needs a PKCE challenge by default (project.pkce). */
const BOUND = { code_challenge: BROWSER_PKCE.challenge };

/** A sign-in by emailed passcode, with no session: the proof of the address. */
async function passcodeSignIn(t: TestProvider, email: string) {
  const sent = await t.post('/otps/email/login_or_create', { email });
  expect(sent.status).toBe(200);
  return t.post('/otps/authenticate', { token: await t.lastCode(email), method_id: sent.json.data.method_id });
}

describe('the pre-hijacking reset uses up the secondary sends made before the proof', () => {
  it('refuses a secondary magic link and a secondary passcode sent by the stranger, redeemed by the owner’s session, attaching nothing', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    // The stranger signs up with the victim's address and a password, then sends, from that session, a link and a
    // code to two addresses of their own that no account holds.
    const created = await t.post('/passwords', { email: VICTIM, password: PASSWORD });
    expect(created.status).toBe(200);
    const attacker = created.json.data as { user_id: string; session_token: string };
    const link = await t.post(
      '/magic_links/email/send/secondary',
      { email: ATTACKER_LINK, ...BOUND },
      attacker.session_token,
    );
    expect(link.status).toBe(200);
    const code = await t.post('/otps/email/send/secondary', { email: ATTACKER_CODE }, attacker.session_token);
    expect(code.status).toBe(200);
    const token = tokenOf(await t.lastLink(ATTACKER_LINK, 'magic_links'));
    const passcode = await t.lastCode(ATTACKER_CODE);

    // The owner proves the address without a session: the reset runs.
    const owner = await passcodeSignIn(t, VICTIM);
    expect(owner.status).toBe(200);
    expect(owner.json.data.user_id).toBe(attacker.user_id);
    expect(owner.json.data.account_reset).toEqual({ identifier: VICTIM, removed: ['password', 'sessions'] });
    const ownerSession = owner.json.data.session_token as string;

    // Opened later in the owner's signed-in browser, neither the link nor the code adds the stranger's address.
    const openedLink = await t.post(
      '/magic_links/authenticate',
      { token, code_verifier: BROWSER_PKCE.verifier },
      ownerSession,
    );
    expect(openedLink.status).not.toBe(200);
    expect(openedLink.json.error_type).toBe('unable_to_auth_magic_link');
    const enteredCode = await t.post(
      '/otps/authenticate',
      { token: passcode, method_id: code.json.data.method_id },
      ownerSession,
    );
    expect(enteredCode.status).not.toBe(200);
    expect(enteredCode.json.error_type).toBe('otp_code_not_found');
    expect(
      await db
        .selectFrom('emails')
        .select(['email', 'user_id'])
        .where('email', 'in', [ATTACKER_LINK, ATTACKER_CODE])
        .execute(),
    ).toEqual([]);
    const me = await t.call('GET', '/users/me', { sessionToken: ownerSession });
    expect(me.json.data.emails).toEqual([{ email_id: expect.any(String), email: VICTIM, verified: true }]);
    // The rows are used up, not merely unreachable.
    expect(
      await db.selectFrom('email_tokens').select('consumed_at').where('pending_email', 'is not', null).execute(),
    ).toEqual([{ consumed_at: expect.any(Number) }]);
    expect(
      await db.selectFrom('otp_codes').select('consumed_at').where('pending_identifier', 'is not', null).execute(),
    ).toEqual([{ consumed_at: expect.any(Number) }]);
  });

  it('leaves a secondary send of the owner’s own session working after the reset', async () => {
    const t = await startProvider();
    const created = await t.post('/passwords', { email: VICTIM, password: PASSWORD });
    expect(created.status).toBe(200);
    const owner = await passcodeSignIn(t, VICTIM);
    expect(owner.json.data.account_reset).toBeDefined();
    const ownerSession = owner.json.data.session_token as string;
    // Sent after the proof: the reset is over, so the owner adds an address as usual.
    const sent = await t.post('/otps/email/send/secondary', { email: ATTACKER_CODE }, ownerSession);
    expect(sent.status).toBe(200);
    const added = await t.post(
      '/otps/authenticate',
      { token: await t.lastCode(ATTACKER_CODE), method_id: sent.json.data.method_id },
      ownerSession,
    );
    expect(added.status).toBe(200);
    expect(added.json.data.user.emails.map((row: { email: string }) => row.email).sort()).toEqual([
      ATTACKER_CODE,
      VICTIM,
    ]);
  });
});

/** A secondary magic link and a secondary passcode sent from `sessionToken` to two new addresses. */
async function sendPendingPair(t: TestProvider, sessionToken: string, to: { link: string; code: string }) {
  const link = await t.post('/magic_links/email/send/secondary', { email: to.link, ...BOUND }, sessionToken);
  expect(link.status, JSON.stringify(link.json)).toBe(200);
  const code = await t.post('/otps/email/send/secondary', { email: to.code }, sessionToken);
  expect(code.status, JSON.stringify(code.json)).toBe(200);
  return {
    token: tokenOf(await t.lastLink(to.link, 'magic_links')),
    passcode: await t.lastCode(to.code),
    methodId: code.json.data.method_id as string,
  };
}

/** The pair of sendPendingPair redeemed with `sessionToken`: the link's answer, then the code's. */
async function redeemPendingPair(
  t: TestProvider,
  sessionToken: string,
  sent: { token: string; passcode: string; methodId: string },
) {
  const link = await t.post(
    '/magic_links/authenticate',
    { token: sent.token, code_verifier: BROWSER_PKCE.verifier },
    sessionToken,
  );
  const code = await t.post('/otps/authenticate', { token: sent.passcode, method_id: sent.methodId }, sessionToken);
  return { link, code };
}

/** The addresses of `addresses` that belong to some account. */
async function attached(t: TestProvider, addresses: string[]) {
  return t.provider.database.db
    .selectFrom('emails')
    .select(['email', 'user_id'])
    .where('email', 'in', addresses)
    .orderBy('email')
    .execute();
}

describe('a secondary send can be redeemed only by the session that made it', () => {
  it('refuses the owner’s session a link and a code sent by a stranger who left nothing for the reset to find, attaching nothing', async () => {
    const t = await startProvider();
    // The stranger signs up through an upstream that does not assert the victim's address verified: the account holds
    // it unverified. From that session they send a link and a code to two addresses of their own.
    const stranger = await signedInWith(t, 'google', { email: VICTIM, name: 'Stranger', emailVerified: false });
    expect(stranger.user.emails).toEqual([{ email_id: expect.any(String), email: VICTIM, verified: false }]);
    const sent = await sendPendingPair(t, stranger.session_token, { link: ATTACKER_LINK, code: ATTACKER_CODE });
    // Then they remove the social identity and sign out: the account holds nothing the reset would remove.
    const registration = stranger.user.providers[0].oauth_user_registration_id as string;
    const unlinked = await t.call('DELETE', `/users/oauth/${registration}`, { sessionToken: stranger.session_token });
    expect(unlinked.status, JSON.stringify(unlinked.json)).toBe(200);
    expect((await t.post('/sessions/revoke', {}, stranger.session_token)).status).toBe(200);

    // The owner proves the address without a session: the reset finds nothing and does not run.
    const owner = await passcodeSignIn(t, VICTIM);
    expect(owner.status).toBe(200);
    expect(owner.json.data.user_id).toBe(stranger.user_id);
    expect(owner.json.data.account_reset).toBeUndefined();
    const ownerSession = owner.json.data.session_token as string;

    // The owner's session is not the one that sent them: neither the link nor the code adds the stranger's address.
    const { link, code } = await redeemPendingPair(t, ownerSession, sent);
    expect(link.status).toBe(401);
    expect(link.json.error_type).toBe('unable_to_auth_magic_link');
    expect(code.status).toBe(404);
    expect(code.json.error_type).toBe('otp_code_not_found');
    expect(await attached(t, [ATTACKER_LINK, ATTACKER_CODE])).toEqual([]);
    const me = await t.call('GET', '/users/me', { sessionToken: ownerSession });
    expect(me.json.data.emails).toEqual([{ email_id: expect.any(String), email: VICTIM, verified: true }]);
    // Refused before anything was written: the rows are still unused and no guess was counted.
    const { db } = t.provider.database;
    expect(
      await db.selectFrom('email_tokens').select('consumed_at').where('pending_email', 'is not', null).execute(),
    ).toEqual([{ consumed_at: null }]);
    expect(
      await db
        .selectFrom('otp_codes')
        .select(['consumed_at', 'failed_attempts'])
        .where('pending_identifier', 'is not', null)
        .execute(),
    ).toEqual([{ consumed_at: null, failed_attempts: 0 }]);
  });

  it('refuses another session of the same account, signed in separately, and lets the sending session redeem', async () => {
    const t = await startProvider();
    const created = await t.post('/passwords', { email: VICTIM, password: PASSWORD });
    expect(created.status).toBe(200);
    const first = created.json.data as { user_id: string; session_token: string };
    const second = await t.post('/passwords/authenticate', { email: VICTIM, password: PASSWORD });
    expect(second.status).toBe(200);
    expect(second.json.data.user_id).toBe(first.user_id);
    expect(second.json.data.session_token).not.toBe(first.session_token);
    const sent = await sendPendingPair(t, first.session_token, { link: ATTACKER_LINK, code: ATTACKER_CODE });

    const refused = await redeemPendingPair(t, second.json.data.session_token, sent);
    expect(refused.link.status).toBe(401);
    expect(refused.link.json.error_type).toBe('unable_to_auth_magic_link');
    expect(refused.code.status).toBe(404);
    expect(refused.code.json.error_type).toBe('otp_code_not_found');
    expect(await attached(t, [ATTACKER_LINK, ATTACKER_CODE])).toEqual([]);

    // The refusals used nothing up: the session that sent them still adds both addresses.
    const redeemed = await redeemPendingPair(t, first.session_token, sent);
    expect(redeemed.link.status, JSON.stringify(redeemed.link.json)).toBe(200);
    expect(redeemed.code.status, JSON.stringify(redeemed.code.json)).toBe(200);
    expect(await attached(t, [ATTACKER_LINK, ATTACKER_CODE])).toEqual([
      { email: ATTACKER_CODE, user_id: first.user_id },
      { email: ATTACKER_LINK, user_id: first.user_id },
    ]);
  });

  it('keeps today’s rule (any session of the account) for a link and a code sent before sends were bound', async () => {
    const t = await startProvider();
    const created = await t.post('/passwords', { email: VICTIM, password: PASSWORD });
    const first = created.json.data as { user_id: string; session_token: string };
    const second = await t.post('/passwords/authenticate', { email: VICTIM, password: PASSWORD });
    const sent = await sendPendingPair(t, first.session_token, { link: ATTACKER_LINK, code: ATTACKER_CODE });
    // Rows as a release before migration 0020_pending_send_sessions left them: no sending session.
    const { db } = t.provider.database;
    await db.updateTable('email_tokens').set({ sender_session_id: null }).execute();
    await db.updateTable('otp_codes').set({ sender_session_id: null }).execute();
    // Another user's session is still refused; a session of the same user redeems them.
    const stranger = await t.post('/passwords', { email: 'stranger@example.com', password: PASSWORD });
    const refused = await redeemPendingPair(t, stranger.json.data.session_token, sent);
    expect(refused.link.json.error_type).toBe('unable_to_auth_magic_link');
    expect(refused.code.json.error_type).toBe('otp_code_not_found');
    const redeemed = await redeemPendingPair(t, second.json.data.session_token, sent);
    expect(redeemed.link.status, JSON.stringify(redeemed.link.json)).toBe(200);
    expect(redeemed.code.status, JSON.stringify(redeemed.code.json)).toBe(200);
    expect((await attached(t, [ATTACKER_LINK, ATTACKER_CODE])).map((row) => row.user_id)).toEqual([
      first.user_id,
      first.user_id,
    ]);
  });
});
