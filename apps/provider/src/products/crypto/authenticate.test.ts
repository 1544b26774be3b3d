// `crypto_wallets/authenticate`: real signatures sign users up and in; every other signature, challenge or race is
// refused with the contract's error, on SQLite and PostgreSQL.
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { authenticateResponse, expectedUser } from '../../../test/authenticateResponse';
import { expectError, REQUEST_ID } from '../../../test/expectError';
import {
  type AnyTestWallet,
  BAD_SIGNATURE,
  challengeOf,
  cryptoFactor,
  NO_CHALLENGE,
  signedIn,
  signWith,
  userWallet,
  walletAuthenticate,
  walletRows,
  walletSignIn,
  walletStart,
} from '../../../test/walletSteps';
import { START, startProvider } from '../../../testing/harness';
import { TestEthereumWallet, TestSolanaWallet } from '../../../testing/testWallets';

const FIVE_MINUTES = 5 * 60_000;

describe('crypto_wallets/authenticate', () => {
  it.each([
    ['Ethereum', () => new TestEthereumWallet()],
    ['Solana', () => new TestSolanaWallet()],
  ])('signs up a new user with a %s signature, then signs the same user in again', async (_name, make) => {
    const t = await startProvider();
    const wallet = make();
    const first = await walletSignIn(t, wallet);
    const { userId, walletId } = signedIn(first);
    expect(walletId).toMatch(/^crypto-wallet-test-/);
    const user = expectedUser(userId, { crypto_wallets: [userWallet(walletId, wallet)] });
    expect(first.json.data).toEqual(
      authenticateResponse({
        userId,
        user,
        factors: [cryptoFactor(walletId, wallet, START)],
        expiresAt: START + 60 * 60_000,
      }),
    );
    expect((await t.call('GET', '/users/me', { sessionToken: first.json.data.session_token })).json.data).toEqual({
      request_id: REQUEST_ID,
      status_code: 200,
      ...user,
    });

    t.clock.advance(60_000);
    const again = await walletSignIn(t, wallet, { sessionDurationMinutes: 30 });
    expect(again.json.data).toEqual(
      authenticateResponse({
        userId,
        user,
        factors: [cryptoFactor(walletId, wallet, START + 60_000)],
        startedAt: START + 60_000,
        expiresAt: START + 60_000 + 30 * 60_000,
      }),
    );
    expect(again.json.data.session.session_id).not.toBe(first.json.data.session.session_id);
    const rows = await walletRows(t);
    expect(rows.users).toHaveLength(1);
    expect(rows.wallets).toEqual([
      {
        crypto_wallet_id: walletId,
        project_id: 'project-test-latchkey-playground',
        user_id: userId,
        wallet_type: wallet instanceof TestEthereumWallet ? 'ethereum' : 'solana',
        address: wallet instanceof TestEthereumWallet ? wallet.address.toLowerCase() : wallet.address,
        created_at: START,
      },
    ]);
    expect(rows.sessions).toHaveLength(2);
  });

  it('treats the checksummed and the lower-case Ethereum address as one wallet and one user', async () => {
    const t = await startProvider();
    const wallet = new TestEthereumWallet();
    const lower = wallet.address.toLowerCase();
    const first = signedIn(await walletSignIn(t, wallet, { address: lower }));
    // Asked for in lower case, answered in checksummed form, and the other way round.
    const challenge = challengeOf(await walletStart(t, wallet, { address: lower }));
    const second = signedIn(
      await walletAuthenticate(t, wallet, await signWith(wallet, challenge), { address: wallet.address }),
    );
    const third = signedIn(await walletSignIn(t, wallet));
    expect(new Set([first.userId, second.userId, third.userId]).size).toBe(1);
    expect(new Set([first.walletId, second.walletId, third.walletId]).size).toBe(1);
    expect((await walletRows(t)).wallets).toHaveLength(1);
  });

  it('refuses a signature by another key or for another address, keeping the challenge for its owner', async () => {
    const t = await startProvider();
    for (const [owner, stranger] of [
      [new TestEthereumWallet(), new TestEthereumWallet()],
      [new TestSolanaWallet(), new TestSolanaWallet()],
    ] as [AnyTestWallet, AnyTestWallet][]) {
      const challenge = challengeOf(await walletStart(t, owner));
      // Another key signs the owner's challenge and claims the owner's address.
      expect((await walletAuthenticate(t, owner, await signWith(stranger, challenge))).json).toEqual(BAD_SIGNATURE);
      // The stranger signs the owner's challenge and claims its own address: it has no challenge.
      expect((await walletAuthenticate(t, stranger, await signWith(stranger, challenge))).json).toEqual(NO_CHALLENGE);
      // The owner's signature of something else.
      expect((await walletAuthenticate(t, owner, await signWith(owner, `${challenge}\n`))).json).toEqual(BAD_SIGNATURE);
      expect((await walletRows(t)).users).toHaveLength(0);
      // None of that used the challenge up.
      expect(signedIn(await walletAuthenticate(t, owner, await signWith(owner, challenge))).userId).toMatch(/^user-/);
      await t.provider.database.db.deleteFrom('crypto_wallets').execute();
      await t.provider.database.db.deleteFrom('sessions').execute();
      await t.provider.database.db.deleteFrom('users').execute();
    }
  });

  it('refuses malformed signatures as bad signatures, never with a 500', async () => {
    const t = await startProvider({
      rateLimits: { cryptoWalletSignatureFailuresPerIp: { limit: 100, windowSeconds: 60 } },
    });
    const ethereum = new TestEthereumWallet();
    const solana = new TestSolanaWallet();
    const ethereumSignature = await signWith(ethereum, challengeOf(await walletStart(t, ethereum)));
    const solanaSignature = await signWith(solana, challengeOf(await walletStart(t, solana)));
    const broken: [AnyTestWallet, string][] = [
      [ethereum, ''],
      [ethereum, '0x'],
      [ethereum, ethereumSignature.slice(2)],
      [ethereum, `${ethereumSignature}00`],
      [ethereum, `0x${'0'.repeat(130)}`],
      [ethereum, `0x${'f'.repeat(130)}`],
      [ethereum, `0x${'1'.repeat(128)}`],
      [ethereum, `${ethereumSignature.slice(0, -2)}ff`],
      [ethereum, solanaSignature],
      [solana, ''],
      [solana, '0OIl'],
      [solana, solanaSignature.slice(0, -4)],
      [solana, `${solanaSignature}2`],
      [solana, '1'.repeat(88)],
      [solana, ethereumSignature],
    ];
    for (const [wallet, signature] of broken) {
      expect((await walletAuthenticate(t, wallet, signature)).json, signature).toEqual(BAD_SIGNATURE);
    }
    expect(signedIn(await walletAuthenticate(t, ethereum, ethereumSignature)).userId).toMatch(/^user-/);
    expect(signedIn(await walletAuthenticate(t, solana, solanaSignature)).userId).toMatch(/^user-/);
  });

  it('refuses an expired challenge and a used one with crypto_wallet_not_found, changing nothing', async () => {
    const t = await startProvider();
    const wallet = new TestEthereumWallet();
    // Never asked for.
    expect((await walletAuthenticate(t, wallet, await signWith(wallet, 'anything'))).json).toEqual(NO_CHALLENGE);

    const late = challengeOf(await walletStart(t, wallet));
    t.clock.advance(FIVE_MINUTES);
    const before = await walletRows(t);
    expect((await walletAuthenticate(t, wallet, await signWith(wallet, late))).json).toEqual(NO_CHALLENGE);
    expect(await walletRows(t)).toEqual(before);

    const challenge = challengeOf(await walletStart(t, wallet));
    const signature = await signWith(wallet, challenge);
    t.clock.advance(FIVE_MINUTES - 1);
    expect((await walletAuthenticate(t, wallet, signature)).status).toBe(200);
    const used = await walletRows(t);
    expect((await walletAuthenticate(t, wallet, signature)).json).toEqual(NO_CHALLENGE);
    expect(await walletRows(t)).toEqual(used);
  });

  it('binds a challenge to the wallet type that asked for it', async () => {
    const t = await startProvider();
    const solana = new TestSolanaWallet();
    const challenge = challengeOf(await walletStart(t, solana));
    const signature = await signWith(solana, challenge);
    // The same address and signature named as another type: not even an address of that type.
    expectError(
      await walletAuthenticate(t, solana, signature, { type: 'ethereum' }),
      400,
      'invalid_crypto_wallet_address',
    );
    // An Ethereum challenge is not one of a Solana wallet, whatever the signature.
    const ethereum = new TestEthereumWallet();
    const ethereumChallenge = challengeOf(await walletStart(t, ethereum));
    expect((await walletAuthenticate(t, solana, await signWith(solana, ethereumChallenge))).json).toEqual(
      BAD_SIGNATURE,
    );
    expect(
      await t.provider.database.db
        .selectFrom('crypto_wallet_challenges')
        .select(['wallet_type', 'address'])
        .where('consumed_at', 'is', null)
        .orderBy('wallet_type')
        .execute(),
    ).toEqual([
      { wallet_type: 'ethereum', address: ethereum.address.toLowerCase() },
      { wallet_type: 'solana', address: solana.address },
    ]);
    expect(signedIn(await walletAuthenticate(t, solana, signature)).userId).toMatch(/^user-/);
  });

  it('answers any of the wallet’s live challenges, so strangers asking for more (newer) ones do not lock the owner out', async () => {
    const t = await startProvider();
    const wallet = new TestSolanaWallet();
    const mine = challengeOf(await walletStart(t, wallet));
    // Others ask for more challenges for the same address from elsewhere than the ten tried, each newer than mine.
    for (let index = 0; index < 12; index += 1) {
      t.clock.advance(1);
      const theirs = await t.call('POST', '/crypto_wallets/authenticate/start/primary', {
        body: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana' },
        remoteAddress: `203.0.113.${index}`,
      });
      expect(theirs.status).toBe(200);
    }
    // The challenges the owner's own address asked for are tried first.
    expect(signedIn(await walletAuthenticate(t, wallet, await signWith(wallet, mine))).userId).toMatch(/^user-/);
  });

  it('lets exactly one of 50 parallel uses of one signed challenge start a session, for a new and a returning user', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const wallet = new TestEthereumWallet();
    for (const round of ['new user', 'returning user']) {
      const signature = await signWith(wallet, challengeOf(await walletStart(t, wallet)));
      const sessionsBefore = (await db.selectFrom('sessions').select('session_id').execute()).length;
      const responses = await Promise.all(Array.from({ length: 50 }, () => walletAuthenticate(t, wallet, signature)));
      expect(
        responses.filter((response) => response.status === 200),
        round,
      ).toHaveLength(1);
      for (const response of responses.filter((item) => item.status !== 200))
        expect(response.json).toEqual(NO_CHALLENGE);
      expect(await db.selectFrom('sessions').select('session_id').execute()).toHaveLength(sessionsBefore + 1);
      expect(await db.selectFrom('users').select('user_id').execute()).toHaveLength(1);
      expect(await db.selectFrom('crypto_wallets').select('crypto_wallet_id').execute()).toHaveLength(1);
      // Right signatures of a used challenge are no guesses: nothing counts against the user.
      expect(await db.selectFrom('auth_failures').selectAll().execute()).toEqual([]);
    }
  });

  it('creates one user when a new wallet signs up twice at once with two challenges', async () => {
    const t = await startProvider();
    const wallet = new TestSolanaWallet();
    const challenges = [challengeOf(await walletStart(t, wallet)), challengeOf(await walletStart(t, wallet))];
    const signatures = await Promise.all(challenges.map((challenge) => signWith(wallet, challenge)));
    const responses = await Promise.all(signatures.map((signature) => walletAuthenticate(t, wallet, signature)));
    const [a, b] = responses.map(signedIn);
    expect(a?.userId).toBe(b?.userId);
    const rows = await walletRows(t);
    expect(rows.users).toHaveLength(1);
    expect(rows.wallets).toHaveLength(1);
    expect(rows.sessions).toHaveLength(2);
  });

  it('does not lock a wallet’s owner out for strangers’ bad signatures against its (public) address; it throttles the strangers’ IP', async () => {
    const t = await startProvider();
    const { db } = t.provider.database;
    const wallet = new TestEthereumWallet();
    const { userId } = signedIn(await walletSignIn(t, wallet));
    const attacker = new TestEthereumWallet();
    /** A start for `address`, then `signer`'s signature of its challenge, both from `remoteAddress`. */
    const attempt = async (remoteAddress: string, address: string, signer: TestEthereumWallet) => {
      const body = { crypto_wallet_address: address, crypto_wallet_type: 'ethereum' };
      const challenge = challengeOf(
        await t.call('POST', '/crypto_wallets/authenticate/start/primary', { body, remoteAddress }),
      );
      return t.call('POST', '/crypto_wallets/authenticate', {
        body: { ...body, signature: await signWith(signer, challenge), session_duration_minutes: 60 },
        remoteAddress,
      });
    };
    // The attacker asks for challenges for the owner's address and answers them with its own key, from its own IP:
    // ten refusals (the default rateLimits.cryptoWalletSignatureFailuresPerIp), then that IP waits.
    for (let index = 0; index < 10; index += 1) {
      expect((await attempt('203.0.113.9', wallet.address, attacker)).json).toEqual(BAD_SIGNATURE);
    }
    // The owner, from its own IP, signs in as ever: nothing was counted against it.
    expect(signedIn(await walletSignIn(t, wallet)).userId).toBe(userId);
    const throttled = await attempt('203.0.113.9', wallet.address, attacker);
    expect(throttled.status).toBe(429);
    expect(throttled.json.error_type).toBe('too_many_requests');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even a right signature from that IP waits until the window ends.
    expect((await attempt('203.0.113.9', attacker.address, attacker)).status).toBe(429);
    // Other addresses (a botnet) are throttled one by one; none of it counts against the owner.
    for (const ip of ['198.51.100.1', '198.51.100.2']) {
      for (let index = 0; index < 10; index += 1) {
        expect((await attempt(ip, wallet.address, attacker)).json).toEqual(BAD_SIGNATURE);
      }
    }
    expect(await db.selectFrom('auth_failures').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('guess_counters').selectAll().execute()).toEqual([]);

    // Nor after thirty refusals against its address.
    expect(signedIn(await walletSignIn(t, wallet)).userId).toBe(userId);
    // The attacker's IP is answered again once the window has passed.
    t.clock.advance(60_000);
    expect(signedIn(await attempt('203.0.113.9', attacker.address, attacker)).userId).not.toBe(userId);
  });

  it('signs in with a right signature a user locked out by other guesses (here: bad signatures of its own session)', async () => {
    const t = await startProvider({ lockout: { maxFailuresPerUser: 3, windowMinutes: 60 } });
    const wallet = new TestEthereumWallet();
    const { userId, sessionToken } = signedIn(await walletSignIn(t, wallet));
    // Attaching another wallet (a challenge of the user's own session), the user signs with the wrong key, thrice.
    const other = new TestEthereumWallet();
    const challenge = challengeOf(await walletStart(t, other, { mode: 'secondary', sessionToken }));
    for (let index = 0; index < 3; index += 1) {
      const refused = await walletAuthenticate(t, other, await signWith(wallet, challenge), { sessionToken });
      expect(refused.json).toEqual(BAD_SIGNATURE);
    }
    const counter = await t.provider.database.db.selectFrom('guess_counters').selectAll().executeTakeFirstOrThrow();
    expect(counter).toMatchObject({ counter_key: `user:${userId}`, count: 3 });
    // A signature cannot be guessed: the lockout, which caps guesses, does not keep the owner out of her wallet.
    const genuine = challengeOf(await walletStart(t, wallet));
    expect(signedIn(await walletAuthenticate(t, wallet, await signWith(wallet, genuine))).userId).toBe(userId);
  });

  it.each([
    ['Ethereum', () => new TestEthereumWallet(), 'ethereum'],
    ['Solana', () => new TestSolanaWallet(), 'solana'],
  ])(
    'checks the signatures of at most `limit` calls of a parallel burst of bad %s signatures from one IP',
    async (_name, make, type) => {
      const t = await startProvider();
      const owner = make();
      signedIn(await walletSignIn(t, owner));
      const stranger = make();
      const remoteAddress = '203.0.113.9';
      const body = { crypto_wallet_address: owner.address, crypto_wallet_type: type };
      // The most live challenges a call checks (MAX_LIVE_CHALLENGES), the last answered with the stranger's key.
      let challenge = '';
      for (let index = 0; index < 10; index += 1) {
        challenge = challengeOf(
          await t.call('POST', '/crypto_wallets/authenticate/start/primary', { body, remoteAddress }),
        );
      }
      const signature = await signWith(stranger as AnyTestWallet, challenge);
      const burst = await Promise.all(
        Array.from({ length: 30 }, () =>
          t.call('POST', '/crypto_wallets/authenticate', {
            body: { ...body, signature, session_duration_minutes: 60 },
            remoteAddress,
          }),
        ),
      );
      const statuses = burst.map((response) => response.status);
      // The default rateLimits.cryptoWalletSignatureFailuresPerIp: ten calls checked and refused, the rest not checked.
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20);
      // Each checked call holds one slot; a refused one took none (counted after the check, all thirty were checked).
      const counter = await t.provider.database.db
        .selectFrom('rate_limits')
        .select('count')
        .where('bucket', '=', `cryptoWalletSignatureFailuresPerIp:${remoteAddress}`)
        .executeTakeFirstOrThrow();
      expect(Number(counter.count)).toBe(10);
    },
  );

  it('never signs in with the forged signature of a small-order Solana key (R the identity, S = 0)', async () => {
    const t = await startProvider();
    const body = { crypto_wallet_address: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM', crypto_wallet_type: 'solana' };
    expectError(
      await t.call('POST', '/crypto_wallets/authenticate/start/primary', { body }),
      400,
      'invalid_crypto_wallet_address',
    );
    const forged = bs58.encode(Uint8Array.from([1, ...Array<number>(63).fill(0)]));
    const answer = await t.call('POST', '/crypto_wallets/authenticate', {
      body: { ...body, signature: forged, session_duration_minutes: 60 },
    });
    expectError(answer, 400, 'invalid_crypto_wallet_address');
    expect(await t.provider.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('gives the slot back for a right signature: parallel sign-ins from one IP never count as failures', async () => {
    const t = await startProvider({
      rateLimits: { cryptoWalletSignatureFailuresPerIp: { limit: 2, windowSeconds: 60 } },
    });
    const wallets = Array.from({ length: 8 }, () => new TestEthereumWallet());
    const answers = await Promise.all(wallets.map((wallet) => walletSignIn(t, wallet)));
    for (const answer of answers) signedIn(answer);
    // Each took a slot before its check and gave it back: none is left counted (with limit 2, eight kept would refuse).
    const rows = await t.provider.database.db.selectFrom('rate_limits').select(['bucket', 'count']).execute();
    const failures = rows.filter((row) => row.bucket.startsWith('cryptoWalletSignatureFailuresPerIp:'));
    expect(failures.map((row) => Number(row.count))).toEqual(failures.map(() => 0));
  });
});
