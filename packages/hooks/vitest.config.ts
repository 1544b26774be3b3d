// jsdom, the shared setup (packages/testing/src/setup.ts) and time-outs for a loaded machine: one definition for the
// three React packages (packages/testing/src/vitestProject.ts).
import { reactProject } from '../testing/src/vitestProject';

/** Need a module graph of their own (vitest.isolated.config.ts): the rows a slice's chunk adds to the table. */
export const ISOLATED_TESTS = ['src/transition.test.ts'];

export default reactProject('hooks', { isolatedTests: ISOLATED_TESTS });
