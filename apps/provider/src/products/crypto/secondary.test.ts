// A wallet for a signed-in user: attached through a secondary start, re-proved, removed, and how it meets the
// hardening rules (recent authentication, one owner per wallet, multi-factor sign-in, account pre-hijacking).
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { emailFactor, expectedUser } from '../../../test/authenticateResponse';
import { errorBody, expectError, REQUEST_ID } from '../../../test/expectError';
import {
  type AnyTestWallet,
  challengeOf,
  cryptoFactor,
  NO_CHALLENGE,
  signWith,
  userWallet,
  walletAuthenticate,
  walletSignIn,
  walletStart,
} from '../../../test/walletSteps';
import { asIfVerified, type SignedIn, signIn } from '../../../testing/fixtures';
import { type CallResult, START, startProvider, type TestProvider } from '../../../testing/harness';
import { TestEthereumWallet, TestSolanaWallet } from '../../../testing/testWallets';

const EMAIL = 'ada@example.com';
const MINUTE = 60_000;
const REAUTHENTICATE = errorBody(
  403,
  'reauthentication_required',
  'This change needs a recent sign-in: authenticate with your password or email within the last 5 minutes, then try again.',
);

/** Attaches `wallet` to the signed-in user: secondary start with the session, the wallet signs, authenticate. */
async function attach(
  t: TestProvider,
  user: Pick<SignedIn, 'sessionToken'>,
  wallet: AnyTestWallet,
): Promise<CallResult> {
  return walletSignIn(t, wallet, { mode: 'secondary', sessionToken: user.sessionToken });
}

const walletIdOf = (response: CallResult) => {
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return response.json.data.user.crypto_wallets.at(-1).crypto_wallet_id as string;
};

describe('crypto_wallets/authenticate/start/secondary', () => {
  it('attaches a new wallet to the signed-in user and adds its factor to the same session', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const wallet = new TestEthereumWallet();
    const challenge = challengeOf(await walletStart(t, wallet, { mode: 'secondary', sessionToken: ada.sessionToken }));
    expect(
      await t.provider.database.db.selectFrom('crypto_wallet_challenges').select(['user_id', 'session_id']).execute(),
    ).toEqual([{ user_id: ada.userId, session_id: ada.sessionId }]);
    t.clock.advance(1_000);
    const response = await walletAuthenticate(t, wallet, await signWith(wallet, challenge), {
      sessionToken: ada.sessionToken,
    });
    const walletId = walletIdOf(response);
    const data = response.json.data;
    expect(data.session.session_id).toBe(ada.sessionId);
    expect(data.session_token).toBe(ada.sessionToken);
    expect(data.session.authentication_factors).toEqual([
      emailFactor('otp', ada.emailId, EMAIL, START),
      cryptoFactor(walletId, wallet, START + 1_000),
    ]);
    expect(data.user).toEqual(
      expectedUser(ada.userId, {
        emails: [{ email_id: ada.emailId, email: EMAIL, verified: true }],
        crypto_wallets: [userWallet(walletId, wallet)],
      }),
    );
    // From now on the wallet signs Ada in.
    const later = await walletSignIn(t, wallet);
    expect(later.json.data.user_id).toBe(ada.userId);
    expect(later.json.data.session.session_id).not.toBe(ada.sessionId);
  });

  it('needs the opaque token of a live session', async () => {
    const t = await startProvider();
    const wallet = new TestSolanaWallet();
    expectError(await walletStart(t, wallet, { mode: 'secondary' }), 401, 'user_unauthenticated');
    expectError(
      await walletStart(t, wallet, { mode: 'secondary', sessionToken: 'dead-token' }),
      404,
      'session_not_found',
    );
    expectError(
      await walletStart(t, wallet, { mode: 'secondary', sessionToken: 'a.b.c' }),
      401,
      'invalid_session_token',
    );
    expect(await t.provider.database.db.selectFrom('crypto_wallet_challenges').selectAll().execute()).toEqual([]);
  });

  it('is answered only with the session that asked for it', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const adaElsewhere = await signIn(t, { email: EMAIL });
    const wallet = new TestSolanaWallet();
    const challenge = challengeOf(await walletStart(t, wallet, { mode: 'secondary', sessionToken: ada.sessionToken }));
    const signature = await signWith(wallet, challenge);
    expect((await walletAuthenticate(t, wallet, signature)).json).toEqual(NO_CHALLENGE);
    expect((await walletAuthenticate(t, wallet, signature, { sessionToken: adaElsewhere.sessionToken })).json).toEqual(
      NO_CHALLENGE,
    );
    expect(await t.provider.database.db.selectFrom('crypto_wallets').selectAll().execute()).toEqual([]);
    expect(walletIdOf(await walletAuthenticate(t, wallet, signature, { sessionToken: ada.sessionToken }))).toMatch(
      /^crypto-wallet-test-/,
    );
  });

  it('needs a recent authentication to attach a new wallet, when it starts and again when the signature comes', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const wallet = new TestEthereumWallet();
    t.clock.advance(5 * MINUTE + 1);
    expect((await walletStart(t, wallet, { mode: 'secondary', sessionToken: ada.sessionToken })).json).toEqual(
      REAUTHENTICATE,
    );

    const bob = await signIn(t, { email: 'bob@example.com' });
    t.clock.advance(4 * MINUTE);
    const challenge = challengeOf(await walletStart(t, wallet, { mode: 'secondary', sessionToken: bob.sessionToken }));
    t.clock.advance(2 * MINUTE);
    const signature = await signWith(wallet, challenge);
    expect((await walletAuthenticate(t, wallet, signature, { sessionToken: bob.sessionToken })).json).toEqual(
      REAUTHENTICATE,
    );
    const { db } = t.provider.database;
    expect(await db.selectFrom('crypto_wallets').selectAll().execute()).toEqual([]);
    // Refused before anything was committed: the challenge is still there for a retry after signing in again.
    expect(await db.selectFrom('crypto_wallet_challenges').select('consumed_at').execute()).toEqual([
      { consumed_at: null },
    ]);
  });

  it('adds the factor of a wallet the user already holds without asking for a recent sign-in', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL, durationMinutes: 60 });
    const wallet = new TestSolanaWallet();
    const walletId = walletIdOf(await attach(t, ada, wallet));
    t.clock.advance(10 * MINUTE);
    const response = await attach(t, ada, wallet);
    expect(response.status).toBe(200);
    expect(response.json.data.session.session_id).toBe(ada.sessionId);
    expect(response.json.data.session.authentication_factors).toEqual([
      emailFactor('otp', ada.emailId, EMAIL, START),
      cryptoFactor(walletId, wallet, START + 10 * MINUTE),
    ]);
  });

  it('refuses a wallet that belongs to another user with duplicate_wallet_address, changing nothing', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const wallet = new TestEthereumWallet();
    const bobId = (await walletSignIn(t, wallet)).json.data.user_id;
    const ada = await signIn(t, { email: EMAIL });
    const before = {
      wallets: await db.selectFrom('crypto_wallets').selectAll().execute(),
      sessions: await db.selectFrom('sessions').selectAll().orderBy('session_id').execute(),
    };
    const response = await attach(t, ada, wallet);
    expect(response.json).toEqual(
      errorBody(409, 'duplicate_wallet_address', 'This crypto wallet belongs to another user.'),
    );
    expect(before.wallets).toMatchObject([{ user_id: bobId }]);
    expect(await db.selectFrom('crypto_wallets').selectAll().execute()).toEqual(before.wallets);
    expect(await db.selectFrom('sessions').selectAll().orderBy('session_id').execute()).toEqual(before.sessions);
  });

  it('counts a bad signature while attaching against the signed-in user’s lockout', async () => {
    const t = await startProvider({ lockout: { maxFailuresPerUser: 2, windowMinutes: 60 } });
    const ada = await signIn(t, { email: EMAIL });
    const wallet = new TestEthereumWallet();
    const challenge = challengeOf(await walletStart(t, wallet, { mode: 'secondary', sessionToken: ada.sessionToken }));
    const forged = await signWith(new TestEthereumWallet(), challenge);
    for (let index = 0; index < 2; index += 1) {
      expectError(
        await walletAuthenticate(t, wallet, forged, { sessionToken: ada.sessionToken }),
        401,
        'unable_to_authenticate_crypto_wallet',
      );
    }
    expect(await t.provider.database.db.selectFrom('auth_failures').select('user_id').execute()).toEqual([
      { user_id: ada.userId },
      { user_id: ada.userId },
    ]);
    expectError(
      await walletAuthenticate(t, wallet, await signWith(wallet, challenge), { sessionToken: ada.sessionToken }),
      429,
      'user_lock_limit_reached',
    );
  });

  it('counts bad signatures of a stranger’s session attaching someone else’s wallet against the stranger, not the owner', async () => {
    const t = await startProvider({ lockout: { maxFailuresPerUser: 2, windowMinutes: 60 } });
    const wallet = new TestEthereumWallet();
    const owner = (await walletSignIn(t, wallet)).json.data.user_id as string;
    const mallory = await signIn(t, { email: 'mallory@example.com' });
    const challenge = challengeOf(
      await walletStart(t, wallet, { mode: 'secondary', sessionToken: mallory.sessionToken }),
    );
    const forged = await signWith(new TestEthereumWallet(), challenge);
    for (let index = 0; index < 2; index += 1) {
      expectError(
        await walletAuthenticate(t, wallet, forged, { sessionToken: mallory.sessionToken }),
        401,
        'unable_to_authenticate_crypto_wallet',
      );
    }
    expect(await t.provider.database.db.selectFrom('auth_failures').select('user_id').execute()).toEqual([
      { user_id: mallory.userId },
      { user_id: mallory.userId },
    ]);
    expectError(
      await walletAuthenticate(t, wallet, forged, { sessionToken: mallory.sessionToken }),
      429,
      'user_lock_limit_reached',
    );
    // The wallet's owner was never counted: it signs in.
    expect((await walletSignIn(t, wallet)).json.data.user_id).toBe(owner);
  });
});

describe('DELETE /users/crypto_wallets/{id}', () => {
  it('removes the caller’s own wallet after a recent sign-in; the wallet then signs up someone new', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: EMAIL });
    const wallet = new TestEthereumWallet();
    const walletId = walletIdOf(await attach(t, ada, wallet));
    const response = await t.call('DELETE', `/users/crypto_wallets/${walletId}`, { sessionToken: ada.sessionToken });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      data: {
        request_id: REQUEST_ID,
        status_code: 200,
        user_id: ada.userId,
        __user: expectedUser(ada.userId, { emails: [{ email_id: ada.emailId, email: EMAIL, verified: true }] }),
      },
    });
    expect(await t.provider.database.db.selectFrom('crypto_wallets').selectAll().execute()).toEqual([]);
    const next = await walletSignIn(t, wallet);
    expect(next.status).toBe(200);
    expect(next.json.data.user_id).not.toBe(ada.userId);
  });

  it('refuses another user’s and an unknown wallet (crypto_wallet_not_found), a stale sign-in and no session', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const bobWallet = new TestSolanaWallet();
    const bob = await walletSignIn(t, bobWallet);
    const bobWalletId = walletIdOf(bob);
    const ada = await signIn(t, { email: EMAIL });
    const adaWalletId = walletIdOf(await attach(t, ada, new TestEthereumWallet()));
    const before = await db.selectFrom('crypto_wallets').selectAll().orderBy('crypto_wallet_id').execute();

    const remove = (id: string, sessionToken?: string) =>
      t.call('DELETE', `/users/crypto_wallets/${encodeURIComponent(id)}`, { sessionToken });
    expect((await remove(bobWalletId, ada.sessionToken)).json).toEqual(errorBody(404, 'crypto_wallet_not_found'));
    expect((await remove('crypto-wallet-test-nope', ada.sessionToken)).json).toEqual(
      errorBody(404, 'crypto_wallet_not_found'),
    );
    expectError(await remove(adaWalletId), 401, 'user_unauthenticated');
    t.clock.advance(5 * MINUTE + 1);
    expect((await remove(adaWalletId, ada.sessionToken)).json).toEqual(REAUTHENTICATE);
    expect(await db.selectFrom('crypto_wallets').selectAll().orderBy('crypto_wallet_id').execute()).toEqual(before);
  });
});

describe('a wallet and the hardening rules', () => {
  it('counts a wallet sign-in as a recent authentication for sensitive changes, for five minutes', async () => {
    const t = await startProvider();
    const wallet = new TestEthereumWallet();
    const signedIn = await walletSignIn(t, wallet, { sessionDurationMinutes: 60 });
    const sessionToken = signedIn.json.data.session_token as string;
    const walletId = walletIdOf(signedIn);
    // A wallet-only user can set up an authenticator app right away…
    expect((await t.call('POST', '/totps', { body: {}, sessionToken })).status).toBe(200);
    // …and not once the signature is more than five minutes old.
    t.clock.advance(5 * MINUTE + 1);
    expect((await t.call('DELETE', `/users/crypto_wallets/${walletId}`, { sessionToken })).json).toEqual(
      REAUTHENTICATE,
    );
  });

  it('removes a wallet attached before the email was verified when its owner verifies it (account pre-hijacking)', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    // An attacker signs up with Ada's address and a password (unverified), then attaches their own wallet.
    const signup = await t.post('/passwords', {
      email: EMAIL,
      password: 'correct horse battery staple 42',
      session_duration_minutes: 60,
    });
    expect(signup.status).toBe(200);
    const attackerWallet = new TestSolanaWallet();
    // Attaching is refused while the address is unverified (next test); this wallet got in before it was.
    walletIdOf(
      await asIfVerified(t, signup.json.data.user_id, () =>
        attach(t, { sessionToken: signup.json.data.session_token }, attackerWallet),
      ),
    );

    // Ada proves her address with a passcode: the attacker's wallet does not survive it.
    const sent = await t.post('/otps/email/login_or_create', { email: EMAIL });
    const verified = await t.post('/otps/authenticate', {
      token: await t.lastCode(EMAIL),
      method_id: sent.json.data.method_id,
      session_duration_minutes: 60,
    });
    expect(verified.status).toBe(200);
    expect(verified.json.data.user.crypto_wallets).toEqual([]);
    expect(verified.json.data.account_reset).toEqual({
      identifier: EMAIL,
      removed: ['password', 'crypto_wallets', 'sessions'],
    });
    expect(await db.selectFrom('crypto_wallets').selectAll().execute()).toEqual([]);
    // The attacker's wallet now opens only an account of its own.
    const attacker = await walletSignIn(t, attackerWallet);
    expect(attacker.status).toBe(200);
    expect(attacker.json.data.user_id).not.toBe(verified.json.data.user_id);
  });

  it('refuses to attach a wallet to an account whose email is unverified (identifier_not_verified), at start', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const signup = await t.post('/passwords', {
      email: EMAIL,
      password: 'correct horse battery staple 42',
      session_duration_minutes: 60,
    });
    const wallet = new TestEthereumWallet();
    const refused = await t.post(
      '/crypto_wallets/authenticate/start/secondary',
      { crypto_wallet_type: 'ethereum', crypto_wallet_address: wallet.address },
      signup.json.data.session_token,
    );
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      error_type: 'identifier_not_verified',
      error_details: { unverified_identifier: EMAIL },
    });
    expect(await db.selectFrom('crypto_wallet_challenges').selectAll().execute()).toEqual([]);
    // A wallet-only user (no email, no phone) attaches a second wallet as before.
    const first = new TestSolanaWallet();
    const walletUser = await walletSignIn(t, first);
    expect(walletUser.status).toBe(200);
    const second = new TestEthereumWallet();
    walletIdOf(await attach(t, { sessionToken: walletUser.json.data.session_token }, second));
  });
});

describe('a wallet in multi-factor sign-in (project.mfa.required)', () => {
  const MFA = { project: { mfa: { required: true } } };

  it('answers an intermediate session to a wallet sign-in of a user with a TOTP, which the code completes', async () => {
    const t = await startProvider(MFA);
    const { db } = t.provider.database;
    const ada = await signIn(t, { email: EMAIL, durationMinutes: 60 });
    const wallet = new TestEthereumWallet();
    const walletId = walletIdOf(await attach(t, ada, wallet));
    const created = await t.call('POST', '/totps', { body: {}, sessionToken: ada.sessionToken });
    const secret = created.json.data.secret as string;
    const code = (at: number) => generate({ secret, epoch: Math.floor(at / 1000) });
    expect(
      (await t.post('/totps/authenticate', { totp_code: await code(t.clock.now()) }, ada.sessionToken)).status,
    ).toBe(200);

    t.clock.advance(MINUTE);
    const sessionsBefore = await db.selectFrom('sessions').select('session_id').execute();
    const first = await walletSignIn(t, wallet);
    expect(first.status).toBe(200);
    const data = first.json.data;
    expect(data).toMatchObject({ user_id: ada.userId, session_token: '', session_jwt: '' });
    expect(data.intermediate_session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.session.authentication_factors).toEqual([cryptoFactor(walletId, wallet, START + MINUTE)]);
    expect(await db.selectFrom('sessions').select('session_id').execute()).toEqual(sessionsBefore);

    t.clock.advance(30_000);
    const second = await t.post('/totps/authenticate', {
      totp_code: await code(t.clock.now()),
      intermediate_session_token: data.intermediate_session_token,
      session_duration_minutes: 60,
    });
    expect(second.status).toBe(200);
    expect(second.json.data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.json.data.session.authentication_factors).toEqual([
      cryptoFactor(walletId, wallet, START + MINUTE),
      expect.objectContaining({ type: 'totp', last_authenticated_at: new Date(t.clock.now()).toISOString() }),
    ]);
  });

  it('gives a wallet user without a second factor a session at once', async () => {
    const t = await startProvider(MFA);
    const response = await walletSignIn(t, new TestSolanaWallet());
    expect(response.json.data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.json.data.intermediate_session_token).toBeUndefined();
  });
});
