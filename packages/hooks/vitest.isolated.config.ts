// The test files of this package that need a module graph or a page of their own (`<name>-isolated`): see
// packages/testing/src/vitestProject.ts, isolatedProject.
import { isolatedProject } from '../testing/src/vitestProject.ts';
import project, { ISOLATED_TESTS } from './vitest.config.ts';

export default isolatedProject(project, ISOLATED_TESTS);
