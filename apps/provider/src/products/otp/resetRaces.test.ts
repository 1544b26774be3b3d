// A passcode sign-in through another identifier of the account (the stranger's own verified phone number) racing the
// pre-hijacking reset on PostgreSQL (the reset: services/verification.ts; it deletes the account's other identifiers),
// deterministic: the test holds a lock of its own so that one side stops at a known statement
// (test/resetRaceSteps.ts). Runs only with LATCHKEY_TEST_POSTGRES_URL: SQLite runs one writing transaction at a time.
import { describe, expect, it } from 'vitest';
import {
  expectInFlightStrangerKeptNothing,
  expectUnderWayStrangerKeptNothing,
  ownerMagicLink,
  ownerPasscode,
  strangerDuringResetUnderWay,
  strangerInFlightDuringReset,
  strangerSignUp,
} from '../../../test/resetRaceSteps';
import { databaseKind, startProvider, type TestProvider } from '../../../testing/harness';
import type { ProviderConfigInput } from '../../config';

const ADA = 'ada@example.com';
const MALLORY_PHONE = '+14155550199';

/** Mallory signs up with Ada's address (unverified) and a password, and proves her own phone from that session. */
async function malloryWithPhone(t: TestProvider) {
  const signup = await strangerSignUp(t);
  const sessionToken = signup.session_token as string;
  const sent = await t.post('/otps/sms/send/secondary', { phone_number: MALLORY_PHONE }, sessionToken);
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const added = await t.post(
    '/otps/authenticate',
    { token: await t.lastCode(MALLORY_PHONE), method_id: sent.json.data.method_id, session_duration_minutes: 60 },
    sessionToken,
  );
  expect(added.status, JSON.stringify(added.json)).toBe(200);
}

/** A passcode sign-in to Mallory's phone, prepared: the code is sent now, the answer redeems it. */
async function phoneSignInLater(t: TestProvider) {
  const sent = await t.post('/otps/sms/login_or_create', { phone_number: MALLORY_PHONE });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const code = await t.lastCode(MALLORY_PHONE);
  return () =>
    t.post('/otps/authenticate', { token: code, method_id: sent.json.data.method_id, session_duration_minutes: 60 });
}

// Multi-factor sign-in required runs the redemption's transaction (routes.ts) instead of its one statement
// (redeemInOneStatement.ts); Mallory holds no second factor, so her passcode still starts a session.
const CONFIGS: [string, ProviderConfigInput][] = [
  ['one statement', {}],
  ['the transaction', { project: { mfa: { required: true } } }],
];

// The owner proves her address by a passcode (which takes the user's guess counter, as Mallory's passcode does) or by
// a magic link (which does not).
const OWNER_PROOFS = [
  ['passcode', ownerPasscode],
  ['magic link', ownerMagicLink],
] as const;

describe.skipIf(databaseKind !== 'postgres')('a passcode to another identifier racing the pre-hijacking reset', () => {
  for (const [configName, config] of CONFIGS) {
    for (const [proofName, ownerProof] of OWNER_PROOFS) {
      const name = `${configName}, the owner's ${proofName}`;
      it(`${name}: a stranger's phone sign-in in flight while the owner's proof resets the account keeps no session`, async () => {
        const t = await startProvider(config);
        await malloryWithPhone(t);
        const mallory = await phoneSignInLater(t);
        const ada = await ownerProof(t, ADA);
        const race = await strangerInFlightDuringReset(t, '"delivery_method":"sms"', mallory, ada);
        expect(race.owner.json.data.account_reset.removed).toEqual(['password', 'phone_numbers', 'sessions']);
        await expectInFlightStrangerKeptNothing(t, race);
      });

      it(`${name}: a stranger's phone sign-in while the owner's reset is under way keeps nothing, and nothing deadlocks`, async () => {
        const t = await startProvider(config);
        await malloryWithPhone(t);
        const mallory = await phoneSignInLater(t);
        const ada = await ownerProof(t, ADA);
        const race = await strangerDuringResetUnderWay(t, mallory, ada);
        await expectUnderWayStrangerKeptNothing(t, race);
      });
    }
  }
});
