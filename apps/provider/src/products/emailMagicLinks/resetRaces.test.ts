// A magic-link sign-in through another address of the account (the stranger's own verified address) racing the
// pre-hijacking reset on PostgreSQL (the reset: services/verification.ts; it deletes the account's other identifiers),
// deterministic: the test holds a lock of its own so that one side stops at a known statement
// (test/resetRaceSteps.ts). Runs only with LATCHKEY_TEST_POSTGRES_URL: SQLite runs one writing transaction at a time.
import { describe, expect, it } from 'vitest';
import { BROWSER_PKCE } from '../../../test/browserPkce';
import {
  expectInFlightStrangerKeptNothing,
  expectUnderWayStrangerKeptNothing,
  ownerPasscode,
  strangerDuringResetUnderWay,
  strangerInFlightDuringReset,
  strangerSignUp,
} from '../../../test/resetRaceSteps';
import { verifyEmailInSession } from '../../../testing/fixtures';
import { databaseKind, startProvider, type TestProvider, tokenOf } from '../../../testing/harness';

const ADA = 'ada@example.com';
const MALLORY = 'mallory@example.com';

/** Mallory signs up with Ada's address (unverified) and a password, and proves her own address from that session. */
async function malloryWithAddress(t: TestProvider) {
  const signup = await strangerSignUp(t);
  await verifyEmailInSession(t, MALLORY, signup.session_token);
}

/** A magic-link sign-in to Mallory's address, prepared: the link is sent now, the answer redeems it. */
async function linkSignInLater(t: TestProvider) {
  const sent = await t.post('/magic_links/email/login_or_create', {
    email: MALLORY,
    code_challenge: BROWSER_PKCE.challenge,
  });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const token = tokenOf(await t.lastLink(MALLORY, 'magic_links'));
  return () =>
    t.post('/magic_links/authenticate', {
      token,
      code_verifier: BROWSER_PKCE.verifier,
      session_duration_minutes: 60,
    });
}

describe.skipIf(databaseKind !== 'postgres')('a magic link to another address racing the pre-hijacking reset', () => {
  it("a stranger's link sign-in in flight while the owner's passcode resets the account keeps no session", async () => {
    const t = await startProvider();
    await malloryWithAddress(t);
    const mallory = await linkSignInLater(t);
    const ada = await ownerPasscode(t, ADA);
    const race = await strangerInFlightDuringReset(t, '"type":"magic_link"', mallory, ada);
    expect(race.owner.json.data.account_reset.removed).toEqual(['password', 'emails', 'sessions']);
    await expectInFlightStrangerKeptNothing(t, race);
  });

  it("a stranger's link sign-in while the owner's reset is under way keeps nothing, and nothing deadlocks", async () => {
    const t = await startProvider();
    await malloryWithAddress(t);
    const mallory = await linkSignInLater(t);
    const ada = await ownerPasscode(t, ADA);
    const race = await strangerDuringResetUnderWay(t, mallory, ada);
    await expectUnderWayStrangerKeptNothing(t, race);
  });
});
