// The pre-hijacking reset (verification.ts, resetAccount) uses up the secondary sends made before the owner's proof:
// a link or code sent to an address no account holds yet would otherwise add that address to the account once the
// owner's own session redeems it, letting whoever sent it back in. Runs on SQLite, and on PostgreSQL with
// LATCHKEY_TEST_POSTGRES_URL.
import { describe, expect, it } from 'vitest';
import { BROWSER_PKCE } from '../../test/browserPkce';
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
