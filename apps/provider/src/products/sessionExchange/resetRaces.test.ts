// An access token's exchange for a session racing the pre-hijacking reset on PostgreSQL (the reset:
// services/verification.ts), deterministic: the test holds a lock of its own so that one side stops at a known
// statement (test/resetRaceSteps.ts). Runs only with LATCHKEY_TEST_POSTGRES_URL: SQLite runs one writing transaction
// at a time.
import { describe, expect, it } from 'vitest';
import {
  expectInFlightStrangerKeptNothing,
  expectUnderWayStrangerKeptNothing,
  ownerPasscode,
  strangerDuringResetUnderWay,
  strangerInFlightDuringReset,
} from '../../../test/resetRaceSteps';
import { signIn } from '../../../testing/fixtures';
import { databaseKind, startProvider, type TestProvider } from '../../../testing/harness';
import type { ProviderConfigInput } from '../../config';
import { IDP_CLIENT, insertAccessToken } from './testing';

const ADA = 'ada@example.com';
const CONFIG: ProviderConfigInput = { project: { idp: { clients: [IDP_CLIENT] } } };

/** Mallory's account holds Ada's address unverified, and an app's access token with `full_access`. */
async function malloryWithToken(t: TestProvider) {
  const mallory = await signIn(t, { email: ADA });
  const { db } = t.provider.database;
  await db.updateTable('emails').set({ verified: 0 }).where('user_id', '=', mallory.userId).execute();
  const token = await insertAccessToken(db, {
    projectId: t.projectId,
    userId: mallory.userId,
    now: t.clock.now(),
    scopes: 'openid full_access',
  });
  return () => t.post('/sessions/exchange_access_token', { access_token: token, session_duration_minutes: 60 });
}

describe.skipIf(databaseKind !== 'postgres')('an access token exchange racing the pre-hijacking reset', () => {
  it("a stranger's exchange in flight while the owner's passcode resets the account keeps no session", async () => {
    const t = await startProvider(CONFIG);
    const mallory = await malloryWithToken(t);
    const ada = await ownerPasscode(t, ADA);
    const race = await strangerInFlightDuringReset(t, '"type":"oauth_access_token_exchange"', mallory, ada);
    expect(race.owner.json.data.account_reset.removed).toContain('connected_apps');
    await expectInFlightStrangerKeptNothing(t, race);
  });

  it("a stranger's exchange while the owner's reset is under way keeps nothing, and nothing deadlocks", async () => {
    const t = await startProvider(CONFIG);
    const mallory = await malloryWithToken(t);
    const ada = await ownerPasscode(t, ADA);
    const race = await strangerDuringResetUnderWay(t, mallory, ada);
    await expectUnderWayStrangerKeptNothing(t, race);
  });
});
