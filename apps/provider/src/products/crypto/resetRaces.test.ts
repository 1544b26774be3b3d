// A wallet sign-in racing the pre-hijacking reset on PostgreSQL (the reset: services/verification.ts), deterministic:
// the test holds a lock of its own so that one side stops at a known statement (test/resetRaceSteps.ts). Runs only
// with LATCHKEY_TEST_POSTGRES_URL: SQLite runs one writing transaction at a time.
import { describe, expect, it } from 'vitest';
import {
  ownerPasscode,
  sessionIsLive,
  strangerDuringResetUnderWay,
  strangerInFlightDuringReset,
  strangerSignUp,
} from '../../../test/resetRaceSteps';
import { challengeOf, signWith, walletAuthenticate, walletSignIn, walletStart } from '../../../test/walletSteps';
import { asIfVerified } from '../../../testing/fixtures';
import { databaseKind, startProvider, type TestProvider } from '../../../testing/harness';
import { TestSolanaWallet } from '../../../testing/testWallets';

const ADA = 'ada@example.com';

/** Mallory signs up with Ada's address (unverified) and a password; her wallet got in before that was refused. */
async function malloryWithWallet(t: TestProvider) {
  const signup = await strangerSignUp(t);
  const wallet = new TestSolanaWallet();
  const attached = await asIfVerified(t, signup.user_id, () =>
    walletSignIn(t, wallet, { mode: 'secondary', sessionToken: signup.session_token }),
  );
  expect(attached.status, JSON.stringify(attached.json)).toBe(200);
  return wallet;
}

/** A wallet sign-in prepared up to its last call: the answer sends the signature. */
async function walletSignInLater(t: TestProvider, wallet: TestSolanaWallet) {
  const signature = await signWith(wallet, challengeOf(await walletStart(t, wallet)));
  return () => walletAuthenticate(t, wallet, signature);
}

describe.skipIf(databaseKind !== 'postgres')('a wallet sign-in racing the pre-hijacking reset', () => {
  it("a stranger's sign-in in flight while the owner's passcode resets the account keeps no session", async () => {
    const t = await startProvider();
    const wallet = await malloryWithWallet(t);
    const mallory = await walletSignInLater(t, wallet);
    const ada = await ownerPasscode(t, ADA);
    const race = await strangerInFlightDuringReset(t, '"type":"crypto"', mallory, ada);
    expect(race.stranger.status, JSON.stringify(race.stranger.json)).toBe(200);
    expect(race.owner.status, JSON.stringify(race.owner.json)).toBe(200);
    expect(race.owner.json.data.account_reset.removed).toEqual(['password', 'crypto_wallets', 'sessions']);
    // Mallory's session, committed while the reset ran, does not outlive it.
    expect(await sessionIsLive(t, race.stranger.json.data.session_token)).toBe(false);
    expect(race.ownerWaited).toBe(true);
    expect(await sessionIsLive(t, race.owner.json.data.session_token)).toBe(true);
  });

  it("a stranger's sign-in while the owner's reset is under way keeps nothing, and nothing deadlocks", async () => {
    const t = await startProvider();
    const wallet = await malloryWithWallet(t);
    const mallory = await walletSignInLater(t, wallet);
    const ada = await ownerPasscode(t, ADA);
    const race = await strangerDuringResetUnderWay(t, mallory, ada);
    expect(race.owner.status, JSON.stringify(race.owner.json)).toBe(200);
    expect(race.stranger.status, JSON.stringify(race.stranger.json)).toBeLessThan(500);
    if (race.stranger.status === 200) {
      expect(await sessionIsLive(t, race.stranger.json.data.session_token)).toBe(false);
    }
    expect(await sessionIsLive(t, race.owner.json.data.session_token)).toBe(true);
  });
});
