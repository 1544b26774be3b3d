// A TOTP or recovery code completing a stranger's sign-in racing the pre-hijacking reset on PostgreSQL (the reset:
// services/verification.ts), deterministic: the test holds a lock of its own so that one side stops at a known
// statement (test/resetRaceSteps.ts). Runs only with LATCHKEY_TEST_POSTGRES_URL: SQLite runs one writing transaction
// at a time.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  expectInFlightStrangerKeptNothing,
  expectUnderWayStrangerKeptNothing,
  ownerMagicLink,
  ownerPasscode,
  strangerDuringResetUnderWay,
  strangerInFlightDuringReset,
} from '../../../test/resetRaceSteps';
import { signIn } from '../../../testing/fixtures';
import { databaseKind, startProvider, type TestProvider } from '../../../testing/harness';
import type { ProviderConfigInput } from '../../config';

const ADA = 'ada@example.com';
const MALLORY_PHONE = '+14155550199';
const MFA: ProviderConfigInput = { project: { mfa: { required: true } } };
/** One TOTP time step. */
const STEP = 30_000;

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

/**
 * Mallory's account holds Ada's address (unverified: the TOTP got in before enrolment needed a verified address), her
 * own phone and a confirmed TOTP. Her phone's passcode starts a sign-in that waits for the second factor. Answers the
 * TOTP's secret, its recovery codes and the intermediate session's token.
 */
async function malloryHalfwayIn(t: TestProvider) {
  const mallory = await signIn(t, { email: ADA, phoneNumber: MALLORY_PHONE });
  const enrolled = await t.post('/totps', { expiration_minutes: 30 }, mallory.sessionToken);
  expect(enrolled.status, JSON.stringify(enrolled.json)).toBe(200);
  const secret = enrolled.json.data.secret as string;
  const confirmed = await t.post(
    '/totps/authenticate',
    { totp_code: await codeAt(secret, t.clock.now()), session_duration_minutes: 60 },
    mallory.sessionToken,
  );
  expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
  t.clock.advance(STEP);
  const { db } = t.provider.database;
  await db.updateTable('emails').set({ verified: 0 }).where('user_id', '=', mallory.userId).execute();
  const sent = await t.post('/otps/sms/login_or_create', { phone_number: MALLORY_PHONE });
  const first = await t.post('/otps/authenticate', {
    token: await t.lastCode(MALLORY_PHONE),
    method_id: sent.json.data.method_id,
    session_duration_minutes: 60,
  });
  expect(first.status, JSON.stringify(first.json)).toBe(200);
  const intermediate = first.json.data.intermediate_session_token as string;
  expect(intermediate).toEqual(expect.any(String));
  return { secret, recoveryCodes: enrolled.json.data.recovery_codes as string[], intermediate };
}

/** The second factor completing Mallory's sign-in, prepared: a TOTP code of the current step, or a recovery code. */
async function secondFactorLater(t: TestProvider, factor: 'totp' | 'recovery_codes') {
  const { secret, recoveryCodes, intermediate } = await malloryHalfwayIn(t);
  const code = await codeAt(secret, t.clock.now());
  return factor === 'totp'
    ? () =>
        t.post('/totps/authenticate', {
          totp_code: code,
          intermediate_session_token: intermediate,
          session_duration_minutes: 60,
        })
    : () =>
        t.post('/totps/recover', {
          recovery_code: recoveryCodes[0],
          intermediate_session_token: intermediate,
          session_duration_minutes: 60,
        });
}

// The owner proves her address by a passcode (which takes the user's guess counter, as the second factor does) or by
// a magic link (which does not).
const OWNER_PROOFS = [
  ['passcode', ownerPasscode],
  ['magic link', ownerMagicLink],
] as const;

describe.skipIf(databaseKind !== 'postgres')(
  'a second factor completing a sign-in racing the pre-hijacking reset',
  () => {
    for (const factor of ['totp', 'recovery_codes'] as const) {
      for (const [proofName, ownerProof] of OWNER_PROOFS) {
        const name = `${factor === 'totp' ? 'a TOTP code' : 'a recovery code'}, the owner's ${proofName}`;
        it(`${name}: a stranger's sign-in completed while the owner's proof resets the account keeps no session`, async () => {
          const t = await startProvider(MFA);
          const mallory = await secondFactorLater(t, factor);
          const ada = await ownerProof(t, ADA);
          const race = await strangerInFlightDuringReset(t, `"type":"${factor}"`, mallory, ada);
          expect(race.owner.json.data.account_reset.removed).toEqual(['totp', 'phone_numbers', 'sessions']);
          await expectInFlightStrangerKeptNothing(t, race);
        });

        it(`${name}: a stranger's sign-in completed while the owner's reset is under way keeps nothing, and nothing deadlocks`, async () => {
          const t = await startProvider(MFA);
          const mallory = await secondFactorLater(t, factor);
          const ada = await ownerProof(t, ADA);
          const race = await strangerDuringResetUnderWay(t, mallory, ada);
          await expectUnderWayStrangerKeptNothing(t, race);
        });
      }
    }
  },
);
