// The provider project's global setup (vitest `globalSetup`): names the run for the test processes it starts
// (LATCHKEY_TEST_RUN, inherited by them), and at its end drops the PostgreSQL databases they pooled
// (testing/harness.ts, freshDatabase).
import { randomBytes } from 'node:crypto';
import { dropDatabasesOfEndedProcesses } from '../testing/harness';

export default function setup(): () => Promise<void> {
  const run = randomBytes(6).toString('hex');
  process.env.LATCHKEY_TEST_RUN = run;
  return () => dropDatabasesOfEndedProcesses(run);
}
