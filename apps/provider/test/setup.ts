// The provider test setup (vitest `setupFiles`): after each test, what the test helpers started is stopped, clients
// first, then the servers they talk to, then the providers and their databases, then child processes. Registered here
// rather than where each helper is defined: a setup file runs for every test file, while a module's own top-level
// hooks would attach to the first file of a worker only once files share their modules (`isolate: false`).
import { afterAll, afterEach } from 'vitest';
import { closeStartedProviders } from '../testing/harness';
import { closeTabs } from '../testing/sdkClient';
import { cleanUpOpsProviders } from './opsSupport';
import { cleanUpFileProcesses, cleanUpTestProcesses } from './spawnProvider';
import { closeRangeApis } from './startRangeApi';

afterEach(async () => {
  await closeTabs();
  await closeRangeApis();
  await cleanUpOpsProviders();
  await closeStartedProviders();
  cleanUpTestProcesses();
});
afterAll(cleanUpFileProcesses);
