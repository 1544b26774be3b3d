// jsdom, the shared setup (packages/testing/src/setup.ts) and time-outs for a loaded machine: one definition for the
// three React packages (packages/testing/src/vitestProject.ts).
import { reactProject } from '../testing/src/vitestProject';

export default reactProject('hooks');
