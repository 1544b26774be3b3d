// A wallet sign-in racing the pre-hijacking reset on PostgreSQL (the reset: services/verification.ts), deterministic:
// the test holds a lock of its own so that one side stops at a known statement (test/resetRaceSteps.ts). Runs only
// with LATCHKEY_TEST_POSTGRES_URL: SQLite runs one writing transaction at a time.
import { describe, expect, it } from 'vitest';
import {
  expectInFlightStrangerKeptNothing,
  expectUnderWayStrangerKeptNothing,
  ownerPasscode,
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
    expect(race.owner.json.data.account_reset.removed).toEqual(['password', 'crypto_wallets', 'sessions']);
    await expectInFlightStrangerKeptNothing(t, race);
  });

  it("a stranger's sign-in while the owner's reset is under way keeps nothing, and nothing deadlocks", async () => {
    const t = await startProvider();
    const wallet = await malloryWithWallet(t);
    const mallory = await walletSignInLater(t, wallet);
    const ada = await ownerPasscode(t, ADA);
    const race = await strangerDuringResetUnderWay(t, mallory, ada);
    await expectUnderWayStrangerKeptNothing(t, race);
  });
});
