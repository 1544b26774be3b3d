// A passkey sign-in racing the pre-hijacking reset on PostgreSQL (the reset: services/verification.ts), deterministic:
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
import { asIfVerified, creationOptions, requestOptions } from '../../../testing/fixtures';
import { databaseKind, ORIGIN, startProvider, type TestProvider } from '../../../testing/harness';
import { SoftAuthenticator } from '../../../testing/softAuthenticator';

const ADA = 'ada@example.com';
const DOMAIN = 'localhost';

/**
 * Mallory signs up with Ada's address (unverified) and a password, and registers a passkey (it got in before enrolment
 * needed a verified address). Answers her authenticator and her account.
 */
async function malloryWithPasskey(t: TestProvider, counter: boolean) {
  const signup = await strangerSignUp(t);
  const sessionToken = signup.session_token as string;
  const authenticator = new SoftAuthenticator({ origin: ORIGIN, counter });
  const registered = await asIfVerified(t, signup.user_id, async () => {
    const start = await t.post(
      '/webauthn/register/start',
      { domain: DOMAIN, return_passkey_credential_options: true },
      sessionToken,
    );
    const credential = await authenticator.create(creationOptions(start));
    return t.post(
      '/webauthn/register',
      { public_key_credential: JSON.stringify(credential), session_duration_minutes: 60 },
      sessionToken,
    );
  });
  expect(registered.status, JSON.stringify(registered.json)).toBe(200);
  return { authenticator, userId: signup.user_id as string };
}

/** A passkey sign-in prepared up to its last call: the answer sends the assertion. */
async function passkeySignIn(t: TestProvider, authenticator: SoftAuthenticator) {
  const start = await t.post('/webauthn/authenticate/start/primary', {
    domain: DOMAIN,
    return_passkey_credential_options: true,
  });
  const assertion = await authenticator.get(requestOptions(start));
  return () =>
    t.post('/webauthn/authenticate', {
      public_key_credential: JSON.stringify(assertion),
      session_duration_minutes: 60,
    });
}

describe.skipIf(databaseKind !== 'postgres')('a passkey sign-in racing the pre-hijacking reset', () => {
  for (const counter of [false, true]) {
    const kind = counter ? 'a passkey with a signature counter' : 'a synced passkey (counter 0)';
    it(`${kind}: a stranger's sign-in in flight while the owner's passcode resets the account keeps no session`, async () => {
      const t = await startProvider();
      const { authenticator } = await malloryWithPasskey(t, counter);
      const mallory = await passkeySignIn(t, authenticator);
      const ada = await ownerPasscode(t, ADA);
      const race = await strangerInFlightDuringReset(t, '"type":"webauthn"', mallory, ada);
      expect(race.owner.json.data.account_reset.removed).toEqual(['password', 'passkeys', 'sessions']);
      await expectInFlightStrangerKeptNothing(t, race);
    });

    it(`${kind}: a stranger's sign-in while the owner's reset is under way waits for it (no deadlock) and gets nothing`, async () => {
      const t = await startProvider();
      const { authenticator } = await malloryWithPasskey(t, counter);
      const mallory = await passkeySignIn(t, authenticator);
      const ada = await ownerPasscode(t, ADA);
      const race = await strangerDuringResetUnderWay(t, mallory, ada);
      await expectUnderWayStrangerKeptNothing(t, race);
    });
  }
});
