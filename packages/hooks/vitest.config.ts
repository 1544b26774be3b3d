// jsdom, the shared setup (packages/testing/src/setup.ts) and time-outs for a loaded machine: one definition for the
// three React packages (packages/testing/src/vitestProject.ts).
import { reactProject } from '../testing/src/vitestProject.ts';

/**
 * Need a module graph of their own (vitest.isolated.config.ts): none since the transition table is composed per
 * store (no module-level table a test could find changed by another).
 */
export const ISOLATED_TESTS: string[] = [];

export default reactProject('hooks', { isolatedTests: ISOLATED_TESTS });
