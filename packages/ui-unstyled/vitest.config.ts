// jsdom, the shared setup (packages/testing/src/setup.ts) and time-outs for a loaded machine: one definition for the
// three React packages (packages/testing/src/vitestProject.ts).
import { reactProject } from '../testing/src/vitestProject.ts';

/** Need a module graph of their own (vitest.isolated.config.ts): the error catalogue's chunk not loaded yet. */
export const ISOLATED_TESTS = ['src/components/ErrorMessage.catalogue.test.tsx'];

export default reactProject('ui-unstyled', { isolatedTests: ISOLATED_TESTS });
